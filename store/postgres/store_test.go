package postgres_test

import (
	"testing"

	"github.com/toolgate/toolgate/approval"
	"github.com/toolgate/toolgate/approval/approvaltest"
	"github.com/toolgate/toolgate/store/postgres"
)

func TestTheStorePassesApprovaltest(t *testing.T) {
	approvaltest.Run(t, func(t *testing.T) (approval.Store, func() (approval.Store, error)) {
		_, pool := freshSchema(t)
		return postgres.New(pool, postgres.Options{}), func() (approval.Store, error) {
			return postgres.New(pool, postgres.Options{}), nil
		}
	})
}
