/** A macrotask boundary: the browser may paint, handle input and network callbacks before what follows runs. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
