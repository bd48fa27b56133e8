package refhost_test

import (
	"testing"

	"github.com/toolgate/toolgate/conformance"
	"github.com/toolgate/toolgate/examples/refhost"
)

func TestConformance(t *testing.T) {
	conformance.Run(t, refhost.NewConformanceHost)
}
