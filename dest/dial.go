package dest

import (
	"net/netip"
	"syscall"
)

// DialControl is a net.Dialer Control function that refuses a connection
// to a refused address (see [CheckAddr]) after name resolution and before
// the connection is made:
//
//	d := &net.Dialer{Control: dest.DialControl}
//	client := &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}
//
// This is the hook against DNS rebinding: a host name that passed [Origin.Check]
// can resolve to 169.254.169.254 at connect time, and only the dialer sees
// the address actually used. network is ignored; address must be an IP
// address and port as the net package passes it ("169.254.169.254:80",
// "[fe80::1%eth0]:443"); anything else (a Unix socket path) is refused, so
// use this Control only on dialers for IP networks. The error is a
// *[DeniedError] and the net package wraps it in a *net.OpError.
func DialControl(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return &DeniedError{address, ReasonMalformed, "not an IP address and port"}
	}
	if r, d := blocked(ap.Addr()); r != "" {
		return &DeniedError{address, r, d}
	}
	return nil
}
