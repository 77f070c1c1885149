// The JSON API, as every frontend uses it (docs/api.md): one function per request, errors as ApiError. Every request
// asks for the page's language (Accept-Language): the server's labels and refusals come in it.
import { language, t } from "./i18n.js";

/** A refused request: the problem+json answer (status, title, detail, rule, errors). */
export class ApiError extends Error {
  constructor(status, problem) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.status = status;
    this.rule = problem.rule || null;
    this.errors = problem.errors || null;
    this.retryAfter = problem.retryAfter || null;
  }
}

/**
 * One request. `body` is sent as JSON; `token` as `Authorization: Bearer`; `ifMatch` as `If-Match` (a version);
 * `idempotencyKey` as `Idempotency-Key`; the page's language as `Accept-Language`. Resolves to `{status, data, etag}` (`data` null for 204/304);
 * rejects with ApiError for a 4xx/5xx answer.
 */
export async function request(method, path, { body, token, ifMatch, ifNoneMatch, idempotencyKey } = {}) {
  const headers = { Accept: "application/json", "Accept-Language": language() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (ifMatch !== undefined && ifMatch !== null) headers["If-Match"] = `"${ifMatch}"`;
  if (ifNoneMatch !== undefined && ifNoneMatch !== null) headers["If-None-Match"] = `"${ifNoneMatch}"`;
  if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
  const response = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: "no-store",
  });
  const etag = (response.headers.get("ETag") || "").replaceAll('"', "") || null;
  if (response.status === 204 || response.status === 304) return { status: response.status, data: null, etag };
  const type = response.headers.get("Content-Type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) {
    const problem = typeof data === "object" && data ? data : { detail: String(data) };
    problem.retryAfter = response.headers.get("Retry-After");
    throw new ApiError(response.status, problem);
  }
  return { status: response.status, data, etag };
}

export const get = (path, options) => request("GET", path, options);
export const post = (path, body, options = {}) => request("POST", path, { ...options, body });

/** A picture's URL (`path`) naming the page's language (`lang`, before Accept-Language: the server's pictures write
 * their words in it, and a cached picture of one language is never shown in another). */
export function inLanguage(path) {
  return `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(language())}`;
}

/** The text of an SVG picture (board.svg), in the page's language. */
export async function getText(path) {
  const response = await fetch(inLanguage(path), { cache: "no-store", headers: { "Accept-Language": language() } });
  if (!response.ok) throw new ApiError(response.status, { detail: `could not load ${path}` });
  return response.text();
}

/** A move posted with the version it was chosen from and a fresh idempotency key, retried once on a network fault. */
export async function postMove(gameId, token, move, version) {
  const key = crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
  const send = () => post(`/games/${gameId}/moves`, move, { token, ifMatch: version, idempotencyKey: key });
  try {
    return await send();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    return send(); // the network failed: the same key makes the retry apply the move at most once
  }
}

/** Words for an error shown to a player, in the page's language (the server's refusals come in it: Accept-Language). */
export function explain(error) {
  if (!(error instanceof ApiError)) return t("core.api.unreachable", { reason: error.message });
  if (error.status === 429) return t("core.api.too_many", { seconds: error.retryAfter || t("core.api.a_few") });
  if (error.status === 503) return t("core.api.busy", { seconds: error.retryAfter || t("core.api.a_few") });
  if (error.errors) {
    const fields = JSON.stringify(error.errors).replace(/[{}"[\]]/g, " ").replace(/\s+/g, " ").trim();
    return `${error.message} (${fields})`;
  }
  return error.message;
}
