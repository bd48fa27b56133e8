package postgres_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/toolgate/toolgate/store/postgres"
)

func TestTheConnectionStringNeverAppearsInAnError(t *testing.T) {
	const pw = "s3cretPW-0a9b8c"
	for _, c := range []struct {
		name, dsn, pgpassword string
		want                  error
	}{
		{"a key=value string naming a server that is not there", "host=127.0.0.1 port=1 user=u password=" + pw + " dbname=d connect_timeout=2 sslmode=disable", "", postgres.ErrUnavailable},
		{"a URL naming a server that is not there", "postgres://u:" + pw + "@127.0.0.1:1/d?connect_timeout=2&sslmode=disable", "", postgres.ErrUnavailable},
		{"a quoted password in a string that does not parse", "host=127.0.0.1 password='" + pw + "' port=notaport", "", postgres.ErrBadConfig},
		{"a URL that does not parse", "postgres://u:" + pw + "@[::1/d", "", postgres.ErrBadConfig},
		{"a password in PGPASSWORD", "host=127.0.0.1 port=1 user=u dbname=d connect_timeout=2 sslmode=disable", pw, postgres.ErrUnavailable},
		{"a Unix socket folder that is not there", "host=/nonexistent/" + pw + " user=u password=" + pw, "", postgres.ErrUnavailable},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv(postgres.EnvDSN, c.dsn)
			t.Setenv("PGPASSWORD", c.pgpassword)
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			pool, err := postgres.Connect(ctx)
			if err == nil {
				pool.Close()
				t.Fatal("Connect succeeded")
			}
			if leak := contains(err.Error(), pw, c.dsn); leak != "" {
				t.Errorf("the error shows %q: %v", leak, err)
			}
			if !errors.Is(err, c.want) {
				t.Errorf("the error %v does not match %v", err, c.want)
			}
			// The driver's errors carry the configuration, password
			// included: they must not be reachable by unwrapping.
			var ce *pgconn.ConnectError
			var pe *pgconn.ParseConfigError
			if errors.As(err, &ce) || errors.As(err, &pe) {
				t.Errorf("the driver's error, with the configuration in it, unwraps from %v", err)
			}
		})
	}
}
