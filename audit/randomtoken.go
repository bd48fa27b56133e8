package audit

import "github.com/toolgate/toolgate/internal/randtoken"

// randomTokens appends to out the prefixed random tokens in t (see
// package randtoken): keys of services no other shape names.
func randomTokens(t []byte, out []span) []span {
	randtoken.Find(t, func(start, end int) { out = append(out, span{start, end}) })
	return out
}
