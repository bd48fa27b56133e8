package postgres_test

const envChild = "TOOLGATE_PG_CHILD"

func child(role string) int { return 2 }
