package main

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/toolgate/toolgate/conformance"
	"github.com/toolgate/toolgate/examples/refhost"
)

func TestConformancePrintsTheMatrixOfTheReferenceHost(t *testing.T) {
	code, out, _ := runCmd(t, "", "conformance", "--run", "^chat/")
	assert.Equal(t, exitOK, code, out)
	assert.Contains(t, out, "contract  ")
	assert.Contains(t, out, "01-allow-cannot-escape-roots-or-hardline")
	assert.Contains(t, out, "12 of 12 cells pass")
	assert.NotContains(t, out, "FAIL")
}

func TestConformanceExitsOneWhenAHostLeaksASecret(t *testing.T) {
	saved := conformanceHost
	t.Cleanup(func() { conformanceHost = saved })
	conformanceHost = func(t testing.TB, cfg conformance.Config) (conformance.Host, error) {
		cfg.Secrets = nil // the host forgets to configure its redactor
		return refhost.NewConformanceHost(t, cfg)
	}
	code, out, _ := runCmd(t, "", "conformance", "--run", "/1[01]-")
	assert.Equal(t, exitNegative, code, out)
	assert.Contains(t, out, "6 of 12 cells pass, 6 fail")
	assert.Contains(t, out, "--- mcp/11-audit-holds-no-configured-secret")
	assert.Contains(t, out, `invariant 9, "Credentials stay out of sight"`)
}

func TestConformanceRefusesABadPattern(t *testing.T) {
	code, _, errOut := runCmd(t, "", "conformance", "--run", "(")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "--run")
}
