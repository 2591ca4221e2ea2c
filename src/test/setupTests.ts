import '@testing-library/jest-dom';
import { restoreBackend } from './fakeBackend';

afterEach(() => restoreBackend());
