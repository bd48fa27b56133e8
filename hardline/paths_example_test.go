package hardline_test

import (
	"fmt"

	"github.com/toolgate/toolgate/hardline"
)

// SensitiveTarget judges a path argument in both of its forms: as the call
// spelled it (after home expansion) and as it resolves through symbolic
// links. A file that is sensitive under either name is sensitive.
func ExampleAnalyzer_SensitiveTarget() {
	a, err := hardline.New(hardline.Config{Home: "/home/dev", OS: "linux"})
	if err != nil {
		fmt.Println(err)
		return
	}
	// notes.txt in the workspace is a link to the SSH key.
	fmt.Println(a.SensitiveTarget("/ws/notes.txt", "/home/dev/.ssh/id_ed25519"))
	// The key's folder is a link to a folder the patterns do not name.
	fmt.Println(a.SensitiveTarget("/home/dev/.ssh/id_ed25519", "/keys/id_ed25519"))
	fmt.Println(a.SensitiveTarget("/ws/main.go", "/ws/main.go"))

	// macOS file systems fold case, and so does the analyser for "darwin".
	mac, _ := hardline.New(hardline.Config{Home: "/Users/dev", OS: "darwin"})
	fmt.Println(mac.SensitivePath("/users/DEV/.SSH/id_ed25519"))
	// Output:
	// sensitive-path true
	// sensitive-path true
	//  false
	// sensitive-path true
}
