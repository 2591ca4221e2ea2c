/** @jsxImportSource preact */
import '@shopify/ui-extensions/preact';
import { render } from 'preact';
import { LookItems } from './LookItems';

// API version 2025-10 and later: the module's default export renders into the extension's document.
export default async () => {
  render(<LookItems />, document.body);
};
