// Package sidecar guards a local HTTP, SSE and WebSocket server that a
// desktop host starts for its own webview, such as `toolgate serve`. It sits
// outside the nine-step evaluation order: it decides who may ask the engine
// at all, before a call reaches Evaluate. See docs/security-model.md,
// Sidecar.
//
// Binding to 127.0.0.1 is necessary but not enough: any web page the user
// opens can send requests to localhost, and a page whose DNS name rebinds to
// 127.0.0.1 can even read the answers. So the host makes a fresh Token for
// every launch (NewToken: 32 bytes from crypto/rand), hands it to the
// sidecar through the child's environment (Token.Env, never argv), injects
// it into its trusted webview, and never persists or logs it: a Token
// prints as "[REDACTED]" however it is formatted, marshalled or logged.
//
// A Guard checks every request in this order, refusing with the status
// given:
//
//  1. The request target must be a path (400): an absolute URL, which
//     would stand in for the Host header, an authority (CONNECT) and "*"
//     are refused. Host must be localhost, 127.0.0.1 or [::1] with the
//     port the connection came in on; any other name is DNS rebinding
//     (403).
//  2. The URL must carry no credential (400): no query parameter named
//     like one (token, access_token, key, ...), and the token nowhere in
//     the path or the query, as sent or unescaped, whether alone, after
//     "Bearer " or TokenSubprotocolPrefix, or in a list. Credentials never
//     travel in URLs, which end up in logs, history and Referer headers.
//  3. Origin, when present, must be one of TrustedOrigins (the Tauri
//     webview: tauri://localhost, http://tauri.localhost,
//     https://tauri.localhost) or Config.Origins, exactly (403). Without
//     Origin, a request a browser marks as fetched by another site
//     (Sec-Fetch-Site other than same-origin or none: an image, a script
//     or a link on some page, for which browsers send no Origin) is
//     refused the same way. A CORS
//     preflight from an allowed origin is answered 204 without a token; a
//     preflight from any other origin is refused like any request.
//  4. The client must be within its rate (429, with Retry-After). Each
//     client address has two token buckets, one for requests that carry
//     the token and one for those that do not, so a page without the
//     token cannot starve the trusted client. Defaults: DefaultBurst 100
//     and DefaultRate 200 requests per second.
//  5. Config.HealthPath, when set, is answered 204 with no body, without a
//     token.
//  6. The token must be presented, in constant time and correctly (401):
//     "Authorization: Bearer TOKEN" on any request; a browser WebSocket,
//     which cannot set that header, offers it as a subprotocol,
//     TokenSubprotocolPrefix + TOKEN, next to the protocol it speaks (see
//     below); only a GET carrying the WebSocket upgrade headers may. A WebSocket upgrade without Origin (a non-browser client) needs the
//     token like any other request; there is no exception for a missing
//     Origin. Every credential presented must be right: a wrong
//     Authorization next to a right subprotocol is refused.
//  7. A body over Config.MaxBodyBytes is refused (413) when its length is
//     declared, and cut off by http.MaxBytesReader (which the handler sees
//     as *http.MaxBytesError) when it is not.
//
// A browser opens a WebSocket to the sidecar with:
//
//	new WebSocket("ws://127.0.0.1:PORT/v1/ws", ["toolgate.v1", "toolgate.token." + token])
//
// and the server echoes "toolgate.v1" (the protocol the host's handler
// names in AcceptWebSocket), never the token entry. A browser fails the
// connection when the server echoes no protocol, so the client must offer
// one besides the token.
//
// The handler then sees the request without its Authorization header and
// without the token subprotocol, so it cannot echo or log them.
// AcceptWebSocket upgrades such a request with a cap on every message
// (Config.MaxMessageBytes); Listen binds only to loopback; NewServer sets
// header and idle timeouts.
//
// Limits: the Guard authenticates the webview that holds the token, not
// the user. A local process running as the same user can read the
// sidecar's environment (/proc/PID/environ) and so the token: the boundary
// is against web pages and other users, not against malware the user runs.
// Token comparison is constant-time in the token's content, not its length.
package sidecar
