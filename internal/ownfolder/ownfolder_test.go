//go:build unix

package ownfolder_test

import (
	"os"
	"strings"
	"testing"

	"github.com/toolgate/toolgate/internal/ownfolder"
)

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	for mode, ok := range map[os.FileMode]bool{0o700: true, 0o770: true, 0o755: true, 0o777: false, 0o703: false} {
		if err := os.Chmod(dir, mode); err != nil {
			t.Fatal(err)
		}
		if err := ownfolder.Check(dir); (err == nil) != ok {
			t.Errorf("mode %#o: Check = %v, want ok %v", mode, err, ok)
		} else if err != nil && !strings.Contains(err.Error(), "every user may write") {
			t.Errorf("mode %#o: %v does not say why", mode, err)
		}
	}
	if err := os.Chmod(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() == 0 {
		if err := os.Chown(dir, 65534, 65534); err != nil {
			t.Fatal(err)
		}
		if err := ownfolder.Check(dir); err == nil || !strings.Contains(err.Error(), "it is owned by user 65534") {
			t.Errorf("a folder another user owns: Check = %v", err)
		}
	}
	if err := ownfolder.Sync(t.TempDir()); err != nil {
		t.Errorf("Sync: %v", err)
	}
}
