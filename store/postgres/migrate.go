package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// Migration is one versioned step of the schema.
type Migration struct {
	// Version numbers the step, from 1, with no gaps.
	Version int
	// Name is the file name, e.g. "0001_approvals.sql".
	Name string
	// SQL is the step's statements.
	SQL string
}

// Migrations returns the schema's steps, in order, as embedded in the
// package.
func Migrations() []Migration {
	ms, err := loadMigrations(migrationFS)
	if err != nil {
		panic(err) // the embedded files are checked by the tests
	}
	return ms
}

func loadMigrations(fsys fs.FS) ([]Migration, error) {
	names, err := fs.Glob(fsys, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	var out []Migration
	for i, name := range names {
		base := path.Base(name)
		num, _, ok := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v != i+1 {
			return nil, fmt.Errorf("postgres: migration %s: want a name starting %04d_", base, i+1)
		}
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		out = append(out, Migration{Version: v, Name: base, SQL: string(b)})
	}
	return out, nil
}

// ErrSchemaTooNew is returned by Migrate when the database has a schema
// version this package does not know: a newer toolgate migrated it.
var ErrSchemaTooNew = errors.New("postgres: the database schema is newer than this program")

// migrationLock is the advisory lock key that serializes migrations of
// every toolgate schema on a server ("toolgate" in ASCII).
const migrationLock int64 = 0x746f6f6c67617465

// MigrationsTable is the table that records the applied versions.
const MigrationsTable = "toolgate_schema_migrations"

// Migrate brings the schema (in the connection's search_path) to the
// latest version: each missing step runs in its own transaction, holding
// an advisory lock, and records its version in toolgate_schema_migrations.
// It is idempotent, and safe to run from several hosts at once: one
// applies each step, the others find it applied. It returns the versions
// it applied.
func Migrate(ctx context.Context, pool *pgxpool.Pool) ([]int, error) {
	ms := Migrations()
	var applied []int
	err := migrateTx(ctx, pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS `+MigrationsTable+` (
			version integer PRIMARY KEY,
			name    text NOT NULL,
			applied timestamptz NOT NULL DEFAULT now())`)
		if err != nil {
			return err
		}
		var top int
		if err := tx.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM `+MigrationsTable).Scan(&top); err != nil {
			return err
		}
		if top > len(ms) {
			return fmt.Errorf("%w: it is at version %d, this program knows %d", ErrSchemaTooNew, top, len(ms))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, m := range ms {
		err := migrateTx(ctx, pool, func(tx pgx.Tx) error {
			var done bool
			if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM `+MigrationsTable+` WHERE version = $1)`, m.Version).Scan(&done); err != nil {
				return err
			}
			if done {
				return nil
			}
			if _, err := tx.Exec(ctx, m.SQL); err != nil {
				return fmt.Errorf("migration %s: %w", m.Name, err)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO `+MigrationsTable+` (version, name) VALUES ($1, $2)`, m.Version, m.Name); err != nil {
				return err
			}
			applied = append(applied, m.Version)
			return nil
		})
		if err != nil {
			return applied, err
		}
	}
	return applied, nil
}

// SchemaVersion returns the highest applied migration, 0 for none.
func SchemaVersion(ctx context.Context, pool *pgxpool.Pool) (int, error) {
	var v int
	err := pool.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM `+MigrationsTable).Scan(&v)
	var pe interface{ SQLState() string }
	if errors.As(err, &pe) && pe.SQLState() == "42P01" { // undefined_table
		return 0, nil
	}
	if err != nil {
		return 0, describe(pool, "reading the schema version", err)
	}
	return v, nil
}

// migrateTx runs f in a transaction that holds the migration lock.
func migrateTx(ctx context.Context, pool *pgxpool.Pool, f func(pgx.Tx) error) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return describe(pool, "migrating", err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, migrationLock); err != nil {
		return describe(pool, "migrating", err)
	}
	if err := f(tx); err != nil {
		if errors.Is(err, ErrSchemaTooNew) {
			return err
		}
		return describe(pool, "migrating", err)
	}
	if err := tx.Commit(ctx); err != nil {
		return describe(pool, "migrating", err)
	}
	return nil
}
