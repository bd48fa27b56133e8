//go:build unix

package approval

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAStateFolderOthersMayWriteIsRefused: whoever can write the state
// folder can replace the log with records nobody approved, so the store
// opens only a folder no other user may write.
func TestAStateFolderOthersMayWriteIsRefused(t *testing.T) {
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	s, err := OpenFile(dir)
	if err == nil {
		s.Close()
		t.Fatal("a state folder every user may write was opened")
	}
	if !strings.Contains(err.Error(), "every user may write it") {
		t.Errorf("error %q does not say why", err)
	}
	// Writable by its group only: the owner's choice.
	if err := os.Chmod(dir, 0o770); err != nil {
		t.Fatal(err)
	}
	s, err = OpenFile(dir)
	if err != nil {
		t.Fatalf("a folder its group may write: %v", err)
	}
	s.Close()
	// Owned by another user, who may write it whatever its mode.
	if os.Geteuid() == 0 {
		if err := os.Chmod(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.Chown(dir, 65534, 65534); err != nil {
			t.Fatal(err)
		}
		if s, err := OpenFile(dir); err == nil {
			s.Close()
			t.Fatal("a state folder another user owns was opened")
		}
	}
}

// TestTheStoreNeverFollowsALinkInPlaceOfItsFiles: a link put where the
// log or the lock lies makes the open fail, and the file it points at is
// neither read nor changed.
func TestTheStoreNeverFollowsALinkInPlaceOfItsFiles(t *testing.T) {
	for _, name := range []string{logName, lockName} {
		t.Run(name, func(t *testing.T) {
			dir, other := t.TempDir(), filepath.Join(t.TempDir(), "someone-elses")
			// Empty, as a new log is: followed, it would open as one.
			if err := os.WriteFile(other, nil, 0o600); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(other, filepath.Join(dir, name)); err != nil {
				t.Fatal(err)
			}
			if s, err := OpenFile(dir); err == nil {
				s.Close()
				t.Fatalf("a link in place of %s was followed", name)
			}
			if b, _ := os.ReadFile(other); len(b) != 0 {
				t.Errorf("the linked file was changed: %q", b)
			}
		})
	}
}
