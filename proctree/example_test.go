package proctree_test

import (
	"fmt"
	"runtime"
	"time"

	"github.com/toolgate/toolgate/proctree"
)

// A host starts a sidecar as a managed tree and closes it on the way out;
// the sidecar and anything it started end with it.
func Example() {
	path, args := "/bin/sh", []string{"-c", "sleep 60 & sleep 60"}
	if runtime.GOOS == "windows" {
		path, args = "cmd.exe", []string{"/c", "ping -n 60 127.0.0.1 >NUL"}
	}
	tree, err := proctree.Start(proctree.Config{Path: path, Args: args, Grace: time.Second})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := tree.Close(); err != nil {
		fmt.Println(err) // a *proctree.SurvivorsError names what it still sees
		return
	}
	fmt.Println("the tree is gone")
	// Output: the tree is gone
}
