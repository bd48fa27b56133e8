//go:build unix

package audit_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolgate/toolgate/audit"
)

// TestAnAuditFolderOthersMayWriteIsRefused: whoever may write the folder
// may put a file with a chain of its own in the log's place.
func TestAnAuditFolderOthersMayWriteIsRefused(t *testing.T) {
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	s, err := audit.OpenFile(filepath.Join(dir, "audit.jsonl"), audit.FileOptions{})
	if err == nil {
		s.Close()
		t.Fatal("an audit file in a folder every user may write was opened")
	}
	if !strings.Contains(err.Error(), "every user may write it") {
		t.Errorf("error %q does not say why", err)
	}
	if err := os.Chmod(dir, 0o750); err != nil {
		t.Fatal(err)
	}
	s, err = audit.OpenFile(filepath.Join(dir, "audit.jsonl"), audit.FileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
}
