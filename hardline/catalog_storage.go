package hardline

import "slices"

// Backup tools and cloud storage clients: the local folders they read whole
// to store or upload elsewhere. A home folder handed to one of them is every
// credential in it (sensitive-path); one handed to a program the catalogue
// does not describe asks (whole-home).
var _ = register([]Entry{
	{Names: names("restic"), Family: "storage", Summary: "backup reads its operands and --files-from lists whole; restore writes its --target whole, and with --delete deletes there what the snapshot lacks; --password-command and RESTIC_PASSWORD_COMMAND run a command; forget and prune delete snapshots (infra-destroy)",
		special: infraDestroyer,
		Options: append(vals("r", "--repo", "--repository-file", "--password-file", "--cache-dir", "--tag", "--host", "-o", "--option"), opt(RoleCommand, "--password-command")),
		Env:     []EnvVar{{Name: "RESTIC_PASSWORD_COMMAND", Role: RoleCommand}},
		Subcommands: []Entry{{Names: names("backup"), Options: append(vals("e", "--exclude", "--exclude-file", "--iexclude", "--tag", "--host", "--parent"), opt(RoleRead, "--files-from", "--files-from-raw", "--files-from-verbatim")),
			Operands: []Operand{operands(0, RoleReadTree)}},
			{Names: names("restore"), DataOnly: true, Options: append(vals("ei", "--exclude", "--include", "--iexclude", "--iinclude", "--host", "--path", "--tag"), opt(RoleWriteTree, "-t", "--target")),
				special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
					if slices.ContainsFunc(args, func(f field) bool { return f.val == "--delete" }) {
						for _, t := range optionValues(args, "-t", "--target") {
							t.contents = true // what the snapshot lacks, anywhere under it
							r.judgeDelete(sc, t, true, cmd, "restic restore --delete")
						}
					}
					return false
				}}}},
	{Names: names("borg borgbackup"), Family: "storage", Summary: "create reads the paths after the archive whole; --rsh, BORG_RSH and BORG_PASSCOMMAND run commands; delete, prune and compact --cleanup-commits delete archives (infra-destroy)",
		special: infraDestroyer,
		Options: []Option{opt(RoleCommand, "--rsh")},
		Env:     []EnvVar{{Name: "BORG_PASSCOMMAND", Role: RoleCommand}, {Name: "BORG_RSH", Role: RoleCommand}},
		Subcommands: []Entry{{Names: names("create"), Options: vals("e", "--exclude", "--exclude-from", "--pattern", "--patterns-from", "--comment", "--compression", "-C", "--chunker-params", "--paths-from-command"),
			Operands: []Operand{operand(0, RoleData), operands(1, RoleReadTree)}}}},
	{Names: names("kopia"), Family: "storage", Summary: "snapshot create reads its operands whole",
		Subcommands: []Entry{{Names: names("snapshot"), Subcommands: []Entry{{Names: names("create"), Options: vals("", "--description", "--tags", "--parallel"),
			Operands: []Operand{operands(0, RoleReadTree)}}}}}},
	{Names: names("duplicity rdiff-backup duplicati-cli"), Family: "storage", Summary: "the source folder (the first operand) is read whole",
		Options:  vals("", "--exclude", "--include", "--exclude-filelist", "--include-filelist", "--name", "--archive-dir", "--tempdir", "--encrypt-key", "--sign-key"),
		Operands: []Operand{operand(0, RoleReadTree)}},
	{Names: names("s3cmd"), Family: "storage", Summary: "put and sync read their local sources whole; get and sync write their local destinations; rb, del -r (or of a pattern) and sync --delete-removed to a bucket delete its data (infra-destroy); --dump-config prints the access and secret keys",
		special: infraDestroyer, Rule: ruleSensitivePath,
		Options: append([]Option{flag(RoleTrigger, "--dump-config")}, vals("c", "--config", "--access_key", "--secret_key", "--exclude", "--include", "--exclude-from", "--include-from", "--storage-class", "--mime-type")...),
		Subcommands: []Entry{{Names: names("put sync"), Operands: []Operand{operands(0, RoleReadTree)}, special: cloudCopy},
			{Names: names("get"), Summary: "the local file or folder downloaded to is written (the working folder when none is named)", special: cloudCopy}}},
	{Names: names("azcopy"), Family: "storage", Summary: "copy (cp) and sync read their local sources whole and write their local destinations; remove --recursive and sync --delete-destination delete data (infra-destroy)",
		special: infraDestroyer,
		Subcommands: []Entry{{Names: names("copy cp sync"), Options: vals("", "--include-pattern", "--exclude-pattern", "--include-path", "--exclude-path", "--log-level", "--from-to", "--block-size-mb", "--cap-mbps"),
			Operands: []Operand{operands(0, RoleReadTree)}, special: cloudCopy}}},
	{Names: names("gsutil"), Family: "storage", Summary: "cp, mv and rsync read their local sources whole and write their local destinations; rm -r and rb delete buckets' data (infra-destroy)",
		special:     infraDestroyer,
		Options:     vals("", "-o", "-h", "-u", "-i"),
		Subcommands: []Entry{{Names: names("cp mv rsync"), Options: vals("", "-x", "-j", "-z", "-p", "-s"), Operands: []Operand{operands(0, RoleReadTree)}, special: cloudCopy}}},
	{Names: names("b2"), Family: "storage", Summary: "sync reads a local source whole; upload-file and file upload read the local file; rm --recursive, delete-bucket and sync --delete delete data (infra-destroy)",
		special: infraDestroyer,
		Subcommands: []Entry{{Names: names("sync"), Options: vals("", "--threads", "--exclude-regex", "--include-regex", "--compare-versions", "--keep-days"), Operands: []Operand{operand(0, RoleReadTree)}, special: cloudCopy},
			{Names: names("upload-file upload_file"), Options: vals("", "--content-type", "--info", "--threads"), Operands: []Operand{operand(1, RoleRead)}},
			{Names: names("file"), Subcommands: []Entry{{Names: names("upload"), Options: vals("", "--content-type", "--info", "--threads"), Operands: []Operand{operand(1, RoleRead)}}}}}},
	{Names: names("mc mcli"), Family: "storage", Summary: "MinIO client: cp, mirror and put read their local sources whole; rb, rm -r and mirror --remove delete data (infra-destroy)",
		special:     infraDestroyer,
		Subcommands: []Entry{{Names: names("cp mirror put mv"), Options: vals("", "--exclude", "--storage-class", "--attr", "--encrypt-key", "--limit-upload"), Operands: []Operand{operands(0, RoleReadTree)}}}},
	{Names: names("s5cmd"), Family: "storage", Summary: "rb and rm of a pattern delete buckets' data (infra-destroy)", DataOnly: true, special: infraDestroyer},
	{Names: names("dropdb mysqladmin mariadb-admin"), Family: "storage", Summary: "dropdb and mysqladmin drop delete a database server's data (infra-destroy)", DataOnly: true, special: infraDestroyer},
	{Names: names("oci"), Family: "storage", Summary: "os object bulk-upload reads --src-dir whole; os object put reads --file; get writes --file and bulk-download --download-dir",
		Subcommands: []Entry{{Names: names("os"), Subcommands: []Entry{{Names: names("object"), Subcommands: []Entry{
			{Names: names("bulk-upload sync"), Options: []Option{opt(RoleReadTree, "--src-dir"), val("-bn", "--bucket-name", "--prefix", "--include", "--exclude", "-ns", "--namespace")}},
			{Names: names("put"), Options: []Option{opt(RoleRead, "--file"), val("-bn", "--bucket-name", "--name", "-ns", "--namespace")}},
			{Names: names("get"), Summary: "--file is written", Options: []Option{opt(RoleWrite, "--file"), val("-bn", "--bucket-name", "--name", "-ns", "--namespace")}},
			{Names: names("bulk-download"), Summary: "--download-dir is written whole", Options: []Option{opt(RoleWriteTree, "--download-dir"), val("-bn", "--bucket-name", "--prefix", "--include", "--exclude", "-ns", "--namespace")}}}}}}}},
})
