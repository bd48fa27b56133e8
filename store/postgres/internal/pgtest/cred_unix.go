//go:build unix

package pgtest

import (
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"syscall"
)

// credential is the user the server runs as; nil runs it as ourselves.
type credential struct{ uid, gid uint32 }

// unprivileged returns the user to run the server as when we are root.
func unprivileged() (*credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	for _, name := range []string{"postgres", "nobody"} {
		u, err := user.Lookup(name)
		if err != nil {
			continue
		}
		uid, err1 := strconv.ParseUint(u.Uid, 10, 32)
		gid, err2 := strconv.ParseUint(u.Gid, 10, 32)
		if err1 == nil && err2 == nil && uid != 0 {
			return &credential{uint32(uid), uint32(gid)}, nil
		}
	}
	return nil, fmt.Errorf("pgtest: running as root and no unprivileged user (postgres, nobody) to run the server as")
}

// own gives dir to the server's user, and lets it through every parent.
func (c *credential) own(dir string) error {
	if c == nil {
		return nil
	}
	if err := os.Chown(dir, int(c.uid), int(c.gid)); err != nil {
		return fmt.Errorf("pgtest: %w", err)
	}
	for p := filepath.Dir(dir); p != "/" && p != "."; p = filepath.Dir(p) {
		if fi, err := os.Stat(p); err == nil && fi.Mode().Perm()&0o001 == 0 {
			return fmt.Errorf("pgtest: the server's user cannot reach %s: %s is not searchable by others; set TMPDIR", dir, p)
		}
	}
	return nil
}

func (c *credential) apply(cmd *exec.Cmd) {
	if c == nil {
		return
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: c.uid, Gid: c.gid}}
	cmd.Env = append(cmd.Env, "HOME="+os.TempDir())
}
