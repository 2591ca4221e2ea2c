import { loadConfig } from './config';
import {
  exposedHostWarning,
  fastifyTrustProxy,
  isLoopbackHost,
  normalizeHostName,
  parseAllowedHosts,
  parseTrustProxy,
} from './networkConfig';

const load = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: '/tmp/sl-config-test', ...env });

describe('HOST: loopback unless configured', () => {
  it('listens on 127.0.0.1 when HOST is unset or blank', () => {
    expect(load().host).toBe('127.0.0.1');
    expect(load({ HOST: '' }).host).toBe('127.0.0.1');
    expect(load({ HOST: '  ' }).host).toBe('127.0.0.1');
  });

  it('listens where HOST says', () => {
    expect(load({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(load({ HOST: '::' }).host).toBe('::');
  });

  it('tells loopback from exposed interfaces (the start log warns for the latter)', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1']) {
      expect([host, isLoopbackHost(host)]).toEqual([host, true]);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.20', '10.0.0.1', 'example.com', '::ffff:10.0.0.1']) {
      expect([host, isLoopbackHost(host)]).toEqual([host, false]);
    }
  });

  it('the warning names the interface and the allowed hosts', () => {
    const config = load({ HOST: '0.0.0.0', APP_URL: 'https://looks.example' });
    const warning = exposedHostWarning(config);
    expect(warning).toContain('HOST=0.0.0.0');
    expect(warning).toContain('session tokens');
    expect(warning).toContain('looks.example');
  });
});

describe('allowed hosts', () => {
  it('are loopback names plus the host of APP_URL', () => {
    expect(load({ APP_URL: 'https://Looks.Example:8443/app' }).allowedHosts.sort()).toEqual(
      ['127.0.0.1', 'localhost', 'looks.example', '[::1]'].sort(),
    );
    expect(load().allowedHosts.sort()).toEqual(['127.0.0.1', 'localhost', '[::1]'].sort());
  });

  it('add ALLOWED_HOSTS (ports dropped, case folded)', () => {
    const { allowedHosts } = load({ ALLOWED_HOSTS: ' App.Internal:3000, 10.0.0.5 ,[fd00::1]:80,fd00::2' });
    expect(allowedHosts).toEqual(expect.arrayContaining(['app.internal', '10.0.0.5', '[fd00::1]', '[fd00::2]']));
  });

  it('refuse an ALLOWED_HOSTS entry that is no host name', () => {
    for (const bad of [
      '*',
      'http://x.example',
      'a b',
      'x.example/path',
      'user@x.example',
      'x.example:port',
      '[zz::1]',
    ]) {
      expect(() => parseAllowedHosts('http://localhost:3000', bad)).toThrow(/ALLOWED_HOSTS/);
    }
  });

  it('normalize Host header shapes', () => {
    expect(normalizeHostName('LOCALHOST:3000')).toBe('localhost');
    expect(normalizeHostName('[::1]:3000')).toBe('[::1]');
    expect(normalizeHostName('127.0.0.1')).toBe('127.0.0.1');
    for (const bad of ['', 'localhost:', 'localhost:abc', '[::1', '[::1]x', 'evil.com@localhost', 'local host']) {
      expect([bad, normalizeHostName(bad)]).toEqual([bad, undefined]);
    }
  });
});

describe('TRUST_PROXY: off unless configured', () => {
  it('trusts no proxy by default', () => {
    expect(load().trustProxy).toBe(false);
    for (const off of ['', '0', 'false', 'FALSE']) expect(parseTrustProxy(off)).toBe(false);
  });

  it('reads a hop count or a list of addresses and CIDRs', () => {
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16,loopback, ::1, fd00::/8')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'loopback',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses "true" (every client could pick its address) and anything that is no address', () => {
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY/);
    for (const bad of ['proxy.example', '10.0.0.1/33', '::1/129', '10.0.0.0/8/1', '-1', '1.5', 'all']) {
      expect(() => parseTrustProxy(bad)).toThrow(/TRUST_PROXY/);
    }
  });

  it('a hop count trusts exactly that many nearest hops', () => {
    const trust = fastifyTrustProxy(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2, 3].map((hop) => trust('10.0.0.1', hop))).toEqual([true, true, false, false]);
    expect(fastifyTrustProxy(false)).toBe(false);
  });
});
