// Package pgtest starts a throwaway PostgreSQL server for the tests of
// package postgres, or uses the one TOOLGATE_PG_DSN names.
//
// Without TOOLGATE_PG_DSN, Start runs initdb into a fresh temporary folder
// and pg_ctl start with the server listening only on a Unix socket in that
// folder (no TCP port, so parallel test runs never collide). The server
// binaries are looked up on PATH, then in /usr/lib/postgresql/*/bin. As
// root, where initdb refuses to run, the server runs as the "postgres"
// user (or "nobody"), and the folder is made theirs.
package pgtest

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// EnvCI, when "true", makes a missing server a failure instead of a skip.
const EnvCI = "CI"

// Server is a running PostgreSQL server.
type Server struct {
	// DSN connects to it as its superuser.
	DSN string
	// Own is false for a server named by TOOLGATE_PG_DSN: it cannot be
	// stopped or restarted.
	Own bool

	dir, data, bin string
	cred           *credential
	mu             sync.Mutex
}

// Start returns the server named by TOOLGATE_PG_DSN, or starts one.
func Start() (*Server, error) {
	if dsn := os.Getenv("TOOLGATE_PG_DSN"); dsn != "" {
		return &Server{DSN: dsn}, nil
	}
	bin, err := findBin()
	if err != nil {
		return nil, err
	}
	cred, err := unprivileged()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "tgpg-")
	if err != nil {
		return nil, err
	}
	s := &Server{Own: true, dir: dir, data: filepath.Join(dir, "data"), bin: bin, cred: cred}
	if err := cred.own(dir); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if err := s.run("initdb", "-D", s.data, "-U", "toolgate", "--auth=trust", "-E", "UTF8", "--no-locale", "--no-sync"); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	s.DSN = fmt.Sprintf("host=%s port=5432 user=toolgate dbname=postgres sslmode=disable", dir)
	if err := s.Restart(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return s, nil
}

// Stop stops the server: "fast" disconnects clients and shuts down
// cleanly, "immediate" kills it as a crash would (recovery replays the
// WAL on the next start).
func (s *Server) Stop(mode string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.Own {
		return errors.New("pgtest: the server named by TOOLGATE_PG_DSN cannot be stopped")
	}
	return s.run("pg_ctl", "stop", "-D", s.data, "-m", mode, "-w")
}

// Restart starts the stopped server again.
func (s *Server) Restart() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.Own {
		return errors.New("pgtest: the server named by TOOLGATE_PG_DSN cannot be started")
	}
	// fsync is off unless TOOLGATE_PG_FSYNC=on: the tests kill the
	// server, never the machine, and the WAL a commit wrote is in the
	// operating system's cache whether or not it was fsynced. Benchmarks
	// that compare with the file store set it on.
	fsync := "off"
	if os.Getenv("TOOLGATE_PG_FSYNC") == "on" {
		fsync = "on"
	}
	opts := fmt.Sprintf("-c listen_addresses='' -c unix_socket_directories='%s' -c port=5432 -c fsync=%s -c max_connections=200 -c shared_buffers=64MB", s.dir, fsync)
	return s.run("pg_ctl", "start", "-D", s.data, "-w", "-t", "60", "-l", filepath.Join(s.dir, "server.log"), "-o", opts)
}

// Close stops the server and removes its folder.
func (s *Server) Close() error {
	if !s.Own {
		return nil
	}
	err := s.Stop("fast")
	if rerr := os.RemoveAll(s.dir); err == nil {
		err = rerr
	}
	return err
}

// Log returns the end of the server's log, for a failure message.
func (s *Server) Log() string {
	b, _ := os.ReadFile(filepath.Join(s.dir, "server.log"))
	if len(b) > 4000 {
		b = b[len(b)-4000:]
	}
	return string(b)
}

func (s *Server) run(name string, args ...string) error {
	cmd := exec.Command(filepath.Join(s.bin, name), args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.Dir = s.dir
	cmd.Env = append(os.Environ(), "LC_ALL=C", "TZ=UTC")
	s.cred.apply(cmd)
	done := make(chan error, 1)
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("pgtest: %s: %w", name, err)
	}
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			return fmt.Errorf("pgtest: %s %s: %w\n%s", name, strings.Join(args, " "), err, out.String())
		}
		return nil
	case <-time.After(2 * time.Minute):
		cmd.Process.Kill()
		return fmt.Errorf("pgtest: %s did not finish in two minutes\n%s", name, out.String())
	}
}

// findBin returns the folder holding initdb, pg_ctl and postgres.
func findBin() (string, error) {
	var dirs []string
	if p, err := exec.LookPath("pg_ctl"); err == nil {
		if r, err := filepath.EvalSymlinks(p); err == nil {
			p = r
		}
		dirs = append(dirs, filepath.Dir(p))
	}
	found, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	slices.Reverse(found) // the newest version first
	dirs = append(dirs, found...)
	for _, d := range dirs {
		ok := true
		for _, b := range []string{"initdb", "pg_ctl", "postgres"} {
			if _, err := os.Stat(filepath.Join(d, b)); err != nil {
				ok = false
			}
		}
		if ok {
			return d, nil
		}
	}
	return "", errors.New("pgtest: no PostgreSQL server binaries (initdb, pg_ctl, postgres) on PATH or in /usr/lib/postgresql/*/bin; install Debian's postgresql package or set TOOLGATE_PG_DSN")
}
