package sidecar

import (
	"errors"
	"net/http"

	"github.com/coder/websocket"
)

// ErrUnguarded is returned by AcceptWebSocket for a request that did not
// pass through the Guard.
var ErrUnguarded = errors.New("sidecar: the WebSocket upgrade did not pass through the Guard")

// AcceptWebSocket upgrades a request that the Guard let through to a
// WebSocket, negotiating one of protocols (the client's token entry was
// removed before the handler saw the request, so it can never be the one
// echoed), and caps every message read at Config.MaxMessageBytes: a larger
// one closes the connection with status 1009 (message too big).
//
// It refuses, with 403 and ErrUnguarded, a request that did not come
// through g, so a handler mounted by mistake outside the Guard fails closed.
func (g *Guard) AcceptWebSocket(w http.ResponseWriter, r *http.Request, protocols ...string) (*websocket.Conn, error) {
	if r.Context().Value(guardedKey{}) != g {
		http.Error(w, "refused: not guarded", http.StatusForbidden)
		return nil, ErrUnguarded
	}
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{
		Subprotocols: protocols,
		// The Guard already matched Origin exactly against its allowlist;
		// the library's own check would refuse every allowed origin,
		// which never equals the loopback Host by design.
		InsecureSkipVerify: true,
	})
	if err != nil {
		return nil, err
	}
	c.SetReadLimit(g.maxMessage)
	return c, nil
}
