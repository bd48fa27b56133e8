package ownfolder_test

import (
	"fmt"
	"os"

	"github.com/toolgate/toolgate/internal/ownfolder"
)

func ExampleCheck() {
	dir, _ := os.MkdirTemp("", "state")
	defer os.RemoveAll(dir)
	os.Chmod(dir, 0o700)
	fmt.Println(ownfolder.Check(dir))
	// Output: <nil>
}
