package dest_test

import (
	"errors"
	"fmt"
	"net"

	"github.com/toolgate/toolgate/dest"
)

func Example() {
	origin, err := dest.ParseOrigin("https://api.example.com")
	if err != nil {
		panic(err)
	}
	for _, u := range []string{
		"https://api.example.com/v1/chat",
		"https://api.example.com:8443/v1/chat",
		"http://api.example.com/v1/chat",
		"https://api.example.com@169.254.169.254/latest/meta-data/",
		"http://0xa9fea9fe/",
	} {
		var denied *dest.DeniedError
		if err := origin.Check(u); errors.As(err, &denied) {
			fmt.Println("deny ", denied.Reason, u)
			continue
		}
		fmt.Println("allow", u)
	}
	// Output:
	// allow https://api.example.com/v1/chat
	// deny  dest.origin-mismatch https://api.example.com:8443/v1/chat
	// deny  dest.plain-http http://api.example.com/v1/chat
	// deny  dest.link-local https://api.example.com@169.254.169.254/latest/meta-data/
	// deny  dest.link-local http://0xa9fea9fe/
}

// The dialer of credentialed requests checks the address it connects to,
// which is the hook against DNS rebinding:
//
//	d := &net.Dialer{Control: dest.DialControl}
//	client := &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}
//
// The net package calls it with the resolved address before connecting.
func ExampleDialControl() {
	d := &net.Dialer{Control: dest.DialControl}
	for _, address := range []string{"127.0.0.1:8080", "169.254.169.254:80", "[fe80::1%eth0]:443"} {
		err := d.Control("tcp", address, nil)
		fmt.Println(address, errors.Is(err, dest.ErrDenied))
	}
	// Output:
	// 127.0.0.1:8080 false
	// 169.254.169.254:80 true
	// [fe80::1%eth0]:443 true
}
