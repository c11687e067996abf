import { EventEmitter } from "node:events";
import type { FirestoreServer } from "@firestore-emulator/server";

type State = FirestoreServer["state"];
type ListenRequest = Parameters<State["v1Listen"]>[0];
type ChangedDocument = { document?: { parent?: { getPath(): string } } };

const DOCUMENT_EVENTS = ["create-document", "update-document", "delete-document"] as const;

/**
 * The embedded emulator (0.3.x) re-runs every query listener, and sends its whole result again,
 * on a write to any document of any collection. A function that keeps its catalogue, flags and
 * texts fresh with listeners would then get the 1,600 translation records again on every throttle
 * or session write. As real Firestore does, a query listener here hears only about writes to its
 * own collection; document listeners are unchanged.
 */
export function scopeQueryListeners(server: FirestoreServer): void {
  const state = server.state;
  const original = state.v1Listen;
  const listen = original.bind(state);
  state.v1Listen = (request: ListenRequest, callback, onEnd) => {
    const target = request.has_add_target ? request.add_target : undefined;
    const collectionId = target?.has_query ? target.query.structured_query.from[0]?.collection_id : undefined;
    if (!target || !collectionId) {
      listen(request, callback, onEnd);
      return;
    }
    const collectionPath = `${target.query.parent}/${collectionId}`;
    const scoped = new EventEmitter();
    const forwarders = DOCUMENT_EVENTS.map((event) => {
      const forward = (change: ChangedDocument) => {
        if (change.document?.parent?.getPath() === collectionPath) scoped.emit(event, change);
      };
      state.emitter.on(event, forward);
      return () => state.emitter.off(event, forward);
    });
    onEnd(() => {
      for (const stop of forwarders) stop();
    });
    // The emulator's own listen code, with an emitter that carries this collection's writes only.
    const view = Object.create(state, { emitter: { value: scoped } }) as State;
    original.call(view, request, callback, onEnd);
  };
}
