package hardline

import "testing"

// TestPortHostsRangesAtTheirEnds: a port range holds the remote-access
// server when 22 or 3389 is inside it, its ends included.
func TestPortHostsRangesAtTheirEnds(t *testing.T) {
	for spec, want := range map[string]bool{
		"22": true, "ssh": true, "3389": true, "ms-wbt-server": true, "80,22": true,
		"22-22": true, "1-22": true, "22-80": true, "3389-3389": true, "3000-3389": true, "3389-4000": true, "1-65535": true,
		"1-21": false, "23-3388": false, "3390-4000": false, "80": false, "": false, "x-y": false, "22-": false,
	} {
		if got := len(portHosts(spec)) > 0; got != want {
			t.Errorf("portHosts(%q) holds the remote-access server: %v, want %v", spec, got, want)
		}
	}
}
