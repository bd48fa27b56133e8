package postgres_test

import (
	"fmt"

	"github.com/toolgate/toolgate/store/postgres"
)

// The schema's versioned steps, as Migrate and `toolgate-pg migrate`
// apply them.
func ExampleMigrations() {
	for _, m := range postgres.Migrations() {
		fmt.Println(m.Version, m.Name)
	}
	// Output:
	// 1 0001_approvals.sql
	// 2 0002_audit.sql
	// 3 0003_standing_unique.sql
	// 4 0004_call_hash.sql
}
