// Following a game as it happens: the event log (GET /games/<id>/events) kept up to date by the Server-Sent Events
// stream (docs/api.md, "Events"): log events append, `event: undo` drops the withdrawn ones, `event: version`
// says the state changed. EventSource reconnects by itself (sending Last-Event-ID) after each bounded stream.
import { get } from "./api.js";

export class GameFeed {
  /**
   * `gameId`; `token` (optional: the seat's own log includes its private events); `onEvents(log, added)` after
   * events arrive or are withdrawn; `onVersion({version, moves_played, pending, finished})`; `onLink(status)` with
   * "live", "reconnecting" or "ended".
   */
  constructor(gameId, { token = null, onEvents = () => {}, onVersion = () => {}, onLink = () => {} } = {}) {
    Object.assign(this, { gameId, token, onEvents, onVersion, onLink });
    this.log = [];
    this.lastId = "-1";
    this.source = null;
    this.closed = false;
  }

  /** Read the log so far, then open the stream from its end. */
  async start() {
    const page = await get(`/games/${this.gameId}/events`, { token: this.token });
    this.log = page.data.events;
    this.lastId = page.data.last_id || "-1";
    this.onEvents(this.log, this.log);
    this.open();
  }

  open() {
    if (this.closed) return;
    const source = new EventSource(`/games/${this.gameId}/events/stream?after=${encodeURIComponent(this.lastId)}`);
    this.source = source;
    source.onopen = () => this.onLink("live");
    source.onmessage = (message) => {
      const event = JSON.parse(message.data);
      if (message.lastEventId) this.lastId = message.lastEventId;
      if (this.log.some((e) => e.n === event.n)) return; // a private event of ours, already in the log
      this.log.push(event);
      this.log.sort((a, b) => a.n - b.n);
      this.onEvents(this.log, [event]);
    };
    source.addEventListener("undo", (message) => {
      const { last } = JSON.parse(message.data);
      if (message.lastEventId) this.lastId = message.lastEventId;
      this.log = this.log.filter((e) => e.n <= last);
      this.onEvents(this.log, []);
    });
    source.addEventListener("version", (message) => this.onVersion(JSON.parse(message.data)));
    source.onerror = () => {
      // CLOSED: the server answered 204 (the game is over and everything was sent) or refused the stream.
      if (source.readyState === EventSource.CLOSED) {
        this.onLink("ended");
      } else {
        this.onLink("reconnecting");
      }
    };
  }

  /** Add events known before the stream sends them (a move's answer): the stream's copies are then skipped. */
  add(events) {
    const fresh = events.filter((e) => !this.log.some((k) => k.n === e.n));
    if (!fresh.length) return;
    this.log.push(...fresh);
    this.log.sort((a, b) => a.n - b.n);
    this.onEvents(this.log, fresh);
  }

  close() {
    this.closed = true;
    this.source?.close();
  }
}
