/** Events staff screens follow live (tour status for the card tools); in memory, per process. */
export interface EventHub<T> {
  emit(event: T): void;
  subscribe(listener: (event: T) => void): () => void;
}

export function createEventHub<T>(): EventHub<T> {
  const listeners = new Set<(event: T) => void>();
  return {
    emit: (event) => {
      for (const listener of listeners) listener(event);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
