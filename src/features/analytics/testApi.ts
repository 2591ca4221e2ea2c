// Analytics/dashboard tests use the shared scripted backend.
export { mockBackend as mockApi, type FakeCall, type FakeAnswer as Answer } from '../../test/fakeBackend';
