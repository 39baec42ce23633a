// pi.events: a bus modules loaded together use to talk to each other (pi 0.73's createEventBus).

export type EventBusHandler = (data: unknown) => unknown;

/** The shared bus; hosts may also emit and listen on it. */
export interface HookEventBus {
  emit(channel: string, data?: unknown): void;
  /** Listen on a channel; returns the unsubscribe. `onError` receives what the handler throws or rejects. */
  on(channel: string, handler: EventBusHandler, onError?: (error: unknown) => void): () => void;
  /** Drop every listener. */
  clear(): void;
}

/** What a module sees as `pi.events`: errors of its listeners are reported as its own. */
export interface HookEvents {
  emit(channel: string, data?: unknown): void;
  on(channel: string, handler: EventBusHandler): () => void;
}

export function createEventBus(): HookEventBus {
  const channels = new Map<string, Set<{ handler: EventBusHandler; onError?: (error: unknown) => void }>>();
  return {
    emit(channel, data) {
      // A snapshot: a listener added or removed while emitting takes effect from the next emit.
      for (const listener of [...(channels.get(channel) ?? [])]) {
        // As in pi: each listener starts synchronously, is not awaited, and its failure never reaches the emitter.
        const fail = (error: unknown) => listener.onError?.(error);
        try {
          const result = listener.handler(data);
          if (result instanceof Promise) result.catch(fail);
        } catch (error) {
          fail(error);
        }
      }
    },
    on(channel, handler, onError) {
      const entry = { handler, onError };
      const set = channels.get(channel) ?? new Set();
      channels.set(channel, set);
      set.add(entry);
      return () => {
        channels.get(channel)?.delete(entry);
      };
    },
    clear() {
      channels.clear();
    },
  };
}
