package conformance_test

import (
	"fmt"
	"strings"

	"github.com/toolgate/toolgate/conformance"
	"github.com/toolgate/toolgate/examples/refhost"
)

// A host's tests call conformance.Run(t, newHost); Check runs the same
// cells without package testing, here the chat surface of the reference
// host.
func ExampleCheck() {
	rep := conformance.Check(refhost.NewConformanceHost, conformance.Options{
		Filter: func(cell string) bool { return strings.HasPrefix(cell, "chat/") },
	})
	fmt.Println(len(rep.Cells), "cells,", len(rep.Failed()), "failed")
	fmt.Println(rep.Cells[7].Name())
	// Output:
	// 12 cells, 0 failed
	// chat/08-resume-runs-an-approved-call-once
}
