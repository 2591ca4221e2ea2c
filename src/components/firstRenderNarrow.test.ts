describe('firstRenderNarrow', () => {
  const load = () => {
    let mod: typeof import('./firstRenderNarrow') | undefined;
    jest.isolateModules(() => {
      mod = jest.requireActual<typeof import('./firstRenderNarrow')>('./firstRenderNarrow');
    });
    return mod!;
  };
  const setWindowWidth = (narrow: boolean) => {
    window.matchMedia = ((query: string) => ({ matches: narrow, media: query })) as unknown as typeof window.matchMedia;
  };

  it("is the window's answer until the first render's guess is set, then the guess", () => {
    setWindowWidth(true);
    const { firstRenderNarrow, setFirstRenderNarrow } = load();
    expect(firstRenderNarrow()).toBe(true);
    // A page the server rendered for a desktop browser hydrates wide, whatever the window says.
    setFirstRenderNarrow(false);
    expect(firstRenderNarrow()).toBe(false);
    setWindowWidth(false);
    setFirstRenderNarrow(true);
    expect(firstRenderNarrow()).toBe(true);
  });

  it('a window without matchMedia is wide', () => {
    // @ts-expect-error: an old or embedded browser without it
    window.matchMedia = undefined;
    expect(load().firstRenderNarrow()).toBe(false);
  });
});
