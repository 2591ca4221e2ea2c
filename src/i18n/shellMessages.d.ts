/** `translations/en.json?shell`: the shell's subset of the messages (see compileMessagesLoader.cjs). */
declare module '*.json?shell' {
  const messages: Record<string, string>;
  export default messages;
}
