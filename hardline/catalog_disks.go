package hardline

import (
	"slices"
	"strings"
)

// Disks, partitions, volumes and file systems.
var _ = register([]Entry{
	{Names: names("mkfs mke2fs mkswap mkdosfs mkntfs mkexfatfs mkudffs mkreiserfs mkjfs mkxfs mkhfs mkfatfs mformat"),
		Family: "disks", Summary: "mkfs.*, newfs*: a device operand is erased",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.mkfs(args, cmd)
			return true
		}},
	{Names: names("dd sg_dd sgp_dd sgm_dd ddpt"), Family: "disks", Summary: "of= is written (a device blocks); if= of a raw disk asks",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.dd(sc, args, cmd)
			return true
		}},
	{Names: names("ddrescue dcfldd dc3dd partclone partclone.dd"), Family: "disks", Summary: "the last operand is written (a device blocks); reading a raw disk asks",
		Options:  append([]Option{opt(RoleDevice, "-O", "--overwrite", "-o", "--output")}, vals("bcilmsTv", "--sector-size", "--cluster-size", "--input-position", "--output-position", "--size", "--domain-mapfile")...),
		Operands: []Operand{operand(0, RoleRead), operand(1, RoleDevice)},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			for _, f := range args {
				if v, ok := strings.CutPrefix(f.val, "of="); ok {
					t := f
					t.val = v
					r.judgeWrite(sc, t, ruleDdDevice, cmd)
				}
				if v, ok := strings.CutPrefix(f.val, "wipe="); ok {
					t := f
					t.val = v
					r.judgeDevice(sc, t, ruleWipeDevice, cmd, b)
				}
			}
			return false
		}},
	{Names: names("shred scrub blkdiscard"), Family: "disks", Summary: "operands are destroyed: a device blocks, a file is a write",
		Options:  vals("nsotlp", "--iterations", "--size", "--random-source", "--offset", "--length", "--step"),
		Operands: []Operand{operands(0, RoleDevice)}},
	{Names: names("wipe"), Family: "disks", Summary: "operands are destroyed: a device blocks, a file is a write; with -r a folder is deleted recursively",
		Options: vals("lxSQ"), Operands: []Operand{operands(0, RoleDevice)},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			p := parseOpts(args, "lxSQ", nil, "")
			for _, f := range p.ops {
				r.judgeDelete(sc, f, strings.ContainsAny(p.short, "rR"), cmd, b)
			}
			return false
		}},
	{Names: names("wipefs"), Family: "disks", Summary: "wipefs -a (or -o OFFSET) erases signatures; without them it only lists",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			p := parseOpts(args, "otpO", []string{"--offset", "--types", "--backup", "--output", "--lock"}, "")
			if !strings.ContainsRune(p.short, 'a') && !p.has("--all") && len(p.get("-o", "--offset")) == 0 {
				return true // listing
			}
			if strings.ContainsRune(p.short, 'n') || p.has("--no-act") {
				return true
			}
			for _, t := range p.ops {
				r.judgeDevice(sc, t, ruleWipeDevice, cmd, b)
			}
			return true
		}},
	{Names: names("format"), Family: "disks", Summary: "format C: erases a drive",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			for _, f := range args {
				if len(f.val) >= 2 && isLetter(f.val[0]) && f.val[1] == ':' {
					r.finding(ruleMkfs, Command, Block, "format erases the drive "+f.val, cmd, f.val)
				}
			}
			return true
		}},
	{Names: names("fdisk sfdisk gdisk sgdisk cfdisk cgdisk parted gparted partx kpartx fixparts growpart"), Family: "disks", Summary: "changing a device's partitions blocks; listing is fine",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.partition(b, args, cmd)
			return true
		}},
	{Names: names("diskpart"), Family: "disks", Summary: "changes disks and partitions", Rule: rulePartition},
	{Names: names("diskutil"), Family: "disks", Summary: "erasing or repartitioning sub-commands block",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.diskutil(args, cmd)
			return true
		}},
	{Names: names("hdparm"), Family: "disks", Summary: "secure erase, trim, sector writes and firmware downloads block",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			for _, f := range args {
				switch strings.SplitN(f.val, "=", 2)[0] {
				case "--security-erase", "--security-erase-enhanced", "--trim-sector-ranges",
					"--trim-sector-ranges-stdin", "--write-sector", "--make-bad-sector", "--fwdownload", "--dco-restore":
					r.finding(ruleWipeDevice, Command, Block, "hdparm "+f.val+" destroys data on a disk", cmd, "")
				case "--security-set-pass", "--security-unlock", "--security-disable", "--security-freeze", "--user-master", "--security-mode":
					// A drive password set locks the disk at its next
					// start to whoever does not know it.
					r.finding(ruleSystemAdmin, Command, Ask, "hdparm "+f.val+" changes a disk's password", cmd, "")
				}
			}
			return true
		}},
	{Names: names("nwipe dban"), Family: "disks", Summary: "wipe disks: every disk of the machine with --autonuke, the ones chosen otherwise (wipe-device)",
		Rule: ruleWipeDevice, DataOnly: true, Options: []Option{flag(RoleHarmless, "--help", "-h", "--version", "-V")}},
	{Names: names("tpm2_clear tpm2_clearcontrol tpm2_evictcontrol tpm2_nvundefine tpm2_nvwrite tpm2_changeauth tpm2_hierarchycontrol tpm2_dictionarylockout tpm2_setprimarypolicy tpm2_pcrreset tpm2_pcrextend tpm2_nvdefine tpm2_startup tpm2_shutdown tpm2_changeeps tpm2_changepps"),
		Family: "disks", Summary: "clearing the TPM, or changing its keys, owner passwords or measurements, loses the keys sealed to it, a disk's encryption key among them (system-admin)",
		Rule: ruleSystemAdmin, DataOnly: true, Options: []Option{flag(RoleHarmless, "--help", "-h", "--version", "-v")}},
	{Names: names("nvme cryptsetup zpool zfs lvremove vgremove pvremove sg_format sg_sanitize badblocks dmsetup mdadm"), Family: "disks", Summary: "destroying a device, volume or pool blocks",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.volume(b, args, cmd)
			r.volumeMore(sc, b, args, cmd)
			return true
		}},
	{Names: names("lvcreate lvreduce lvresize vgreduce pvmove lvconvert"), Family: "disks", Summary: "volume managers on a device ask",
		Rule: ruleSystemAdmin, Options: []Option{flag(RoleHarmless, "--help", "--version", "-t", "--test")}},
	// Making a device a physical volume writes LVM's label over its start,
	// as mdadm --create and zpool create do: the device's data is gone.
	{Names: names("pvcreate"), Family: "disks", Summary: "labelling a device as a physical volume erases it; other uses ask",
		Rule: ruleSystemAdmin, Options: append([]Option{flag(RoleHarmless, "--help", "--version", "-t", "--test")}, lvmValues...),
		Operands: []Operand{operands(0, RoleDevice)}},
	{Names: names("vgcreate vgextend"), Family: "disks", Summary: "a device added to a volume group is labelled as a physical volume, erasing it; other uses ask",
		Rule: ruleSystemAdmin, Options: append([]Option{flag(RoleHarmless, "--help", "--version", "-t", "--test")}, lvmValues...),
		Operands: []Operand{operands(1, RoleDevice)}},
	{Names: names("flashrom fwupdmgr fwupdtool efibootmgr grub-install grub2-install bootctl update-grub grub-mkconfig grub2-mkconfig mokutil dracut mkinitcpio update-initramfs kexec " +
		"efivar efi-updatevar sbctl sbkeysync lilo elilo kernelstub kernel-install grubby grub-reboot grub2-reboot grub-set-default grub2-set-default grub-editenv grub2-editenv " +
		"grub-bios-setup grub2-bios-setup syslinux extlinux zipl refind-install mkinitramfs mkinitrd wrmsr setpci"),
		Family: "disks", Summary: "boot and firmware tools change what the host boots, its firmware's variables and keys, or the processor's and devices' registers (wrmsr, setpci REG=VALUE); listings are fine",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.bootTool(b, args, cmd)
			return true
		}},
	{Names: names("partclone.ext4 partclone.ext3 partclone.xfs partclone.btrfs partclone.ntfs partclone.fat partclone.vfat partclone.exfat partclone.hfsp partclone.apfs ntfsclone e2image"),
		Family: "disks", Summary: "a device named as the output (-o, -O, --overwrite, or e2image's last operand) is overwritten",
		Options:  []Option{opt(RoleDevice, "-o", "--output", "-O", "--overwrite"), opt(RoleRead, "-s", "--source"), val("-L", "--logfile")},
		Operands: []Operand{operand(-1, RoleDevice)}, DataOnly: true},
	{Names: names("fsck e2fsck fsck.ext2 fsck.ext3 fsck.ext4 fsck.xfs fsck.vfat fsck.fat fsck.btrfs xfs_repair ntfsfix tune2fs resize2fs debugfs zerofree btrfs btrfstune xfs_admin xfs_growfs e4defrag dosfsck chkdsk chkdsk.exe bcdedit bcdedit.exe vssadmin vssadmin.exe wbadmin wbadmin.exe cipher cipher.exe manage-bde fsutil"),
		Family: "disks", Summary: "file system repair, tuning and erasing tools and Windows boot, shadow copy and encryption tools change disks (ask); listings and read-only checks are fine",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.diskTool(b, args, cmd)
			return true
		}},
	{Names: names("umount swapoff"), Family: "disks", Summary: "unmounting asks", Rule: ruleSystemAdmin,
		Options: []Option{flag(RoleHarmless, "--help", "-h", "--version", "-V")}},
	{Names: names("mount swapon losetup"), Family: "disks", Summary: "mounting and unmounting ask; listing is fine; a bind mount is read as a link from the mount point to its source",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if len(args) == 0 || slices.ContainsFunc(args, func(f field) bool {
				return f.val == "-l" || f.val == "--list" || f.val == "--show" || f.val == "-s" || f.val == "--summary" || f.val == "--help"
			}) {
				return true
			}
			r.finding(ruleSystemAdmin, Command, Ask, b+" changes what is mounted on the host", cmd, "")
			if b == "mount" && slices.ContainsFunc(args, func(f field) bool {
				return f.val == "--bind" || f.val == "-B" || f.val == "--rbind" || f.val == "-R" || !f.dyn && optionListHas(f.val, "bind", "rbind")
			}) {
				if ops := mountOperands(args); len(ops) >= 2 {
					r.noteMount(ops[len(ops)-2], ops[len(ops)-1])
				}
			}
			return true
		}},
	// User-space (FUSE) mounts need no administrator: the mount point then
	// stands for the source, in this command and in every later call, so a
	// write or a deletion under it reaches the source.
	{Names: names("sshfs bindfs s3fs gcsfuse goofys mount-s3 blobfuse2 encfs gocryptfs cryfs securefs squashfuse fuse-overlayfs unionfs unionfs-fuse mergerfs mhddfs archivemount fuse-zip fuse2fs ratarmount guestmount ntfs-3g lowntfs-3g curlftpfs httpdirfs rar2fs ifuse jmtpfs go-mtpfs simple-mtpfs vmhgfs-fuse ceph-fuse afuse sshfs-win"),
		Family: "disks", Summary: "a user-space mount asks: the mount point stands for the source from then on, in later calls too; a folder on this machine (bindfs, a union's first branch, an encrypted folder, sshfs to localhost) is read as a link from the mount point, and the mount point is judged as written",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.fuseMount(sc, b, mountOperands(args), cmd)
			// Its options' values and operands keep the nets of a program
			// the catalogue does not know (sshfs -o ssh_command=CMD,
			// gocryptfs -extpass CMD, bindfs ~ m).
			r.wholeHome(b, args, cmd)
			r.argsNet(sc, args, c, cmd)
			return true
		}},
})

// mountValueOptions are the options of mount and the user-space mount
// programs that take the next word as their value.
var mountValueOptions = map[string]bool{"-o": true, "-O": true, "-t": true, "-p": true, "-F": true, "-u": true, "-g": true, "-m": true, "-M": true,
	"-P": true, "-C": true, "-c": true, "-a": true, "-extpass": true, "-passfile": true, "-config": true, "-ko": true, "-fido2": true, "-masterkey": true,
	"--options": true, "--types": true, "--source": true, "--target": true, "--config": true, "--extpass": true}

// mountOperands returns the operands of a mount line: the words that are
// not options or options' values, after -- every word.
func mountOperands(args []field) []field {
	var ops []field
	for i := 0; i < len(args); i++ {
		f := args[i]
		switch {
		case f.dyn || f.val == "" || f.val[0] != '-' || f.val == "-":
			ops = append(ops, f)
		case f.val == "--":
			return append(ops, args[i+1:]...)
		case mountValueOptions[f.val]:
			i++
		}
	}
	return ops
}

// optionListHas reports whether a comma-separated option list (mount -o
// bind,ro) names one of want.
func optionListHas(v string, want ...string) bool {
	for o := range strings.SplitSeq(v, ",") {
		if slices.Contains(want, o) {
			return true
		}
	}
	return false
}

// fuseMount judges a user-space mount by its operands, the mount point
// last: it asks, the mount point is judged as written (sshfs host:keys
// ~/.ssh replaces the keys a login trusts), and a source that is a folder
// on this machine is read as a link from the mount point (bindfs ~ m &&
// rm -rf m/* deletes the home's files).
func (r *run) fuseMount(sc *scope, b string, ops []field, cmd string) {
	if len(ops) == 0 {
		return
	}
	// The mount point is last; the source before it, or given by an
	// option (fuse-overlayfs -o lowerdir=DIR, guestmount -a IMAGE).
	src, dst := field{dyn: true}, ops[len(ops)-1]
	if len(ops) > 1 {
		src = ops[len(ops)-2]
	}
	what := "its source"
	if !src.dyn {
		what = src.val
	}
	r.finding(ruleSystemAdmin, Command, Ask, b+" mounts "+what+" at its mount point: what this or a later command writes or deletes there reaches it", cmd, "")
	r.judgeWrite(sc, dst, ruleDiskWrite, cmd)
	if src.dyn {
		return
	}
	switch b {
	case "bindfs", "encfs", "gocryptfs", "cryfs", "securefs":
	case "unionfs", "unionfs-fuse", "mergerfs", "mhddfs":
		// BRANCH[=RW]:BRANCH...: a write lands in the first writable one,
		// the first by default.
		first, _, _ := strings.Cut(src.val, ":")
		first, _, _ = strings.Cut(first, "=")
		if b == "mhddfs" {
			first, _, _ = strings.Cut(first, ",")
		}
		src.val = first
	case "rclone":
		p, ok := rcloneLocal(src.val)
		if !ok {
			return // a remote
		}
		src.val = p
	case "sshfs", "sshfs-win":
		// [USER@]HOST:[DIR]: on this machine when HOST is a loopback
		// address, DIR then relative to the home folder.
		host, dir, ok := strings.Cut(src.val, ":")
		if i := strings.IndexAny(src.val, ":["); i >= 0 && src.val[i] == '[' {
			host, dir, ok = strings.Cut(src.val[i+1:], "]:") // [USER@][IPv6]:DIR
		} else if j := strings.LastIndexByte(host, '@'); j >= 0 {
			host = host[j+1:]
		}
		if !ok || !loopback(host) {
			return
		}
		if d := r.a.slash(dir); !r.a.isAbs(d) {
			dir = strings.TrimSuffix(r.a.home+"/"+d, "/")
		}
		src.val = dir
	default:
		return // a remote, an archive, an image or a device: no folder here
	}
	r.noteMount(src, dst)
}

// dd judges dd's operands.
func (r *run) dd(sc *scope, args []field, cmd string) {
	for _, f := range args {
		if v, ok := strings.CutPrefix(f.val, "if="); ok && !f.dyn {
			t := f
			t.val = v
			r.rawDiskRead(t, cmd)
		}
		if v, ok := strings.CutPrefix(f.val, "of="); ok {
			t := f
			t.val = v
			if t.dyn {
				r.finding(ruleDynamicTarget, Dynamic, Ask, "dd writes to a target that comes from "+t.why, cmd, "")
				continue
			}
			r.judgeWrite(sc, t, ruleDdDevice, cmd)
			r.noteWritten(t, "", false) // running it later in the command asks
		}
	}
}

func (r *run) diskutil(args []field, cmd string) {
	if len(args) == 0 {
		return
	}
	sub := asciiLower(args[0].val)
	if sub == "apfs" && len(args) > 1 {
		sub = "apfs " + asciiLower(args[1].val)
	}
	switch sub {
	case "erasedisk", "erasevolume", "partitiondisk", "zerodisk", "randomdisk", "secureerase",
		"reformat", "splitpartition", "mergepartitions", "resizevolume", "apfs deletecontainer",
		"apfs deletevolume", "apfs erasevolume", "apfs resizecontainer", "erasecd":
		r.finding(rulePartition, Command, Block, "diskutil "+args[0].val+" erases or repartitions a disk", cmd, "")
	}
}

// bootReads says which uses of a boot or firmware tool only read (see
// bootToolReads).
type bootReads struct {
	bare bool     // run without arguments, it only lists
	subs []string // first operands (sub-commands) that only read
	opts []string // options that only read: any other option changes something
}

// bootToolReads are the uses of boot and firmware tools that only read; any
// other use asks. A tool with subs is judged by its sub-command, one with
// opts by its options: every option given must be one of them, so that a
// listing option beside a changing one (efibootmgr -v -B) still asks.
var bootToolReads = map[string]bootReads{
	"efibootmgr": {bare: true, opts: []string{"-v", "--verbose"}},
	"fwupdmgr": {bare: true, subs: []string{"get-devices", "get-updates", "get-upgrades", "get-history", "get-remotes", "get-details",
		"get-releases", "get-topology", "get-plugins", "get-approved-firmware", "get-blocked-firmware", "get-bios-settings", "refresh", "security"}},
	"fwupdtool": {bare: true, subs: []string{"get-devices", "get-plugins", "get-details", "get-firmware-types", "get-topology", "get-updates",
		"get-history", "hwids", "security", "esp-list"}},
	"bootctl": {bare: true, subs: []string{"status", "list", "is-installed"}},
	"mokutil": {opts: []string{"--list-enrolled", "-l", "--sb-state", "--test-key", "-t", "--list-new", "-N", "--list-delete", "-D",
		"--pk", "--kek", "--db", "--dbx", "--list-sbat-revocations", "--mokx"}},
	"efivar": {bare: true, opts: []string{"-l", "--list", "-L", "--list-guids", "-p", "--print", "-n", "--name", "-g", "--guid",
		"-d", "--print-decimal", "-e", "--export", "-D", "--dmpstore", "-f", "--datafile"}},
	"sbctl":          {bare: true, subs: []string{"status", "verify", "list-files", "list-enrolled-keys", "list-bundles", "version", "help", "completion"}},
	"sbkeysync":      {opts: []string{"--dry-run"}},
	"lilo":           {opts: []string{"-q", "-t"}},
	"kernelstub":     {opts: []string{"-p", "--print-config"}},
	"kernel-install": {bare: true, subs: []string{"inspect", "list"}},
	"grubby":         {opts: []string{"--info", "--default-kernel", "--default-index", "--default-title"}},
}

// reads reports whether args are a use of the tool that only reads.
func (br bootReads) reads(args []field) bool {
	if len(args) == 0 {
		return br.bare
	}
	var ops []string
	opts := 0
	for _, a := range args {
		switch v := a.val; {
		case a.dyn:
			return false // not known: the stricter reading
		case len(v) > 1 && v[0] == '-':
			opts++
			name, _, _ := strings.Cut(v, "=")
			if br.subs != nil {
				continue
			}
			if slices.Contains(br.opts, name) {
				continue
			}
			if name[1] == '-' || len(name) == 2 {
				return false
			}
			for i := 1; i < len(name); i++ { // -lv: each letter
				if !slices.Contains(br.opts, shortOption(name[i])) {
					return false
				}
			}
		default:
			ops = append(ops, v)
		}
	}
	if br.subs != nil {
		if len(ops) == 0 {
			return br.bare
		}
		return slices.Contains(br.subs, ops[0])
	}
	if opts == 0 {
		return br.bare
	}
	return br.opts != nil
}

// bootTool judges boot and firmware tools: anything but a listing asks, and
// writing a device's flash blocks.
func (r *run) bootTool(b string, args []field, cmd string) {
	for _, a := range args {
		if a.val == "--help" || a.val == "--version" || a.val == "-h" {
			return
		}
	}
	switch b {
	case "flashrom":
		if slices.ContainsFunc(args, func(f field) bool {
			return f.val == "-L" || f.val == "--list-supported" || f.val == "-r" || f.val == "--read"
		}) &&
			!slices.ContainsFunc(args, func(f field) bool { return f.val == "-w" || f.val == "--write" || f.val == "-E" || f.val == "--erase" }) {
			return
		}
	case "grub-editenv", "grub2-editenv":
		// grub-editenv FILE list prints; set, unset and create write.
		p := parseOpts(args, "", nil, "")
		if n := len(p.ops); n > 0 && n <= 2 && !p.ops[n-1].dyn && p.ops[n-1].val == "list" {
			return
		}
	case "setpci":
		// setpci -s SLOT REG reads a register; REG=VALUE writes it.
		if !slices.ContainsFunc(args, func(f field) bool { return f.dyn || !strings.HasPrefix(f.val, "-") && strings.Contains(f.val, "=") }) {
			return
		}
	default:
		if br, ok := bootToolReads[b]; ok && br.reads(args) {
			return
		}
	}
	if b == "flashrom" {
		r.finding(ruleWipeDevice, Command, Block, "flashrom rewrites or erases firmware flash", cmd, "")
		return
	}
	if b == "kexec" && slices.ContainsFunc(args, func(f field) bool {
		v := f.val
		return v == "--exec" || v == "--force" || len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.ContainsAny(v[1:], "ef")
	}) {
		// -e runs the kernel loaded before, -f loads and runs one: the
		// host restarts at once, without shutting down.
		r.finding(ruleShutdown, Command, Block, "kexec restarts the host into another kernel at once", cmd, "")
		return
	}
	r.finding(ruleSystemAdmin, Command, Ask, b+" changes what the host boots, its firmware's settings or its hardware's registers", cmd, "")
}

// volumeMore judges volume and pool commands r.volume does not: creating a
// pool or an array on devices erases them; stopping arrays, removing
// mappings and rolling back snapshots ask.
func (r *run) volumeMore(sc *scope, b string, args []field, cmd string) {
	p := parseOpts(args, "onlLmRc", []string{"--level", "--raid-devices", "--name", "--metadata", "--chunk", "--spare-devices"}, "")
	if len(p.ops) == 0 && b != "mdadm" {
		return
	}
	sub := ""
	if len(p.ops) > 0 {
		sub = p.ops[0].val
	}
	switch {
	case b == "zpool" && (sub == "create" || sub == "add" || sub == "attach" || sub == "replace" || sub == "labelclear"), b == "mdadm" && (p.has("--create") || strings.ContainsRune(p.short, 'C') || p.has("--zero-superblock")):
		for _, o := range p.ops {
			if strings.HasPrefix(o.val, "/") && strings.HasPrefix(throughProcRoots(o.val), "/dev/") {
				r.judgeDevice(sc, o, ruleWipeDevice, cmd, b)
			}
		}
	case b == "zfs" && sub == "rollback", b == "mdadm" && (p.has("--stop") || strings.ContainsRune(p.short, 'S') || p.has("--fail") || p.has("--remove")),
		b == "dmsetup" && (sub == "remove" || sub == "wipe_table" || sub == "clear" || sub == "reload"), b == "zpool" && (sub == "offline" || sub == "detach" || sub == "export" || sub == "remove"):
		r.finding(ruleSystemAdmin, Command, Ask, b+" "+sub+" changes a volume, a pool or its data", cmd, "")
	}
}

// diskTool judges file system repair and tuning tools and Windows disk
// tools: acting on a device (or a drive) asks; a read-only check, a listing
// or help is fine.
func (r *run) diskTool(b string, args []field, cmd string) {
	vals := fieldVals(args)
	low := asciiLower(strings.Join(vals, " "))
	if (b == "debugfs" || b == "xfs_repair") && r.rawFSTool(b, args, cmd) {
		return
	}
	switch b {
	case "btrfs":
		if strings.Contains(low, "check") && !strings.Contains(low, "--repair") || strings.Contains(low, " show") || strings.Contains(low, " list") || strings.HasPrefix(low, "filesystem df") || strings.HasPrefix(low, "filesystem usage") || strings.HasPrefix(low, "filesystem show") || strings.HasPrefix(low, "subvolume list") || strings.HasPrefix(low, "subvolume show") || strings.HasPrefix(low, "device stats") || strings.HasPrefix(low, "scrub status") || low == "" || strings.HasPrefix(low, "subvolume create") || strings.HasPrefix(low, "subvolume snapshot") || strings.HasPrefix(low, "version") || strings.HasPrefix(low, "--version") || strings.HasPrefix(low, "--help") {
			return
		}
	case "bcdedit", "bcdedit.exe":
		if !strings.Contains(low, "/delete") && !strings.Contains(low, "/set") && !strings.Contains(low, "/deletevalue") && !strings.Contains(low, "/import") && !strings.Contains(low, "/create") && !strings.Contains(low, "/default") {
			return
		}
	case "vssadmin", "vssadmin.exe", "wbadmin", "wbadmin.exe":
		if !strings.Contains(low, "delete") && !strings.Contains(low, "resize") {
			return
		}
	case "fsutil":
		if !strings.Contains(low, "setzerodata") && !strings.Contains(low, "setvaliddata") && !strings.Contains(low, "deletejournal") && !strings.Contains(low, "setshortname") && !strings.Contains(low, "behavior set") && !strings.Contains(low, "repair") {
			return
		}
	case "manage-bde":
		if !strings.Contains(low, "-off") && !strings.Contains(low, "-forcerecovery") && !strings.Contains(low, "-protectors -delete") && !strings.Contains(low, "-protectors -disable") && !strings.Contains(low, "-lock") {
			return
		}
	case "cipher", "cipher.exe":
		if !strings.Contains(low, "/w") && !strings.Contains(low, "/d") && !strings.Contains(low, "/e") {
			return
		}
	case "chkdsk", "chkdsk.exe":
		if !strings.Contains(low, "/f") && !strings.Contains(low, "/r") && !strings.Contains(low, "/x") && !strings.Contains(low, "/b") {
			return
		}
	default:
		dev := false
		for _, v := range vals {
			device := strings.HasPrefix(v, "/") && strings.HasPrefix(throughProcRoots(v), "/dev/")
			if device || v == "-n" && (b == "e2fsck" || strings.HasPrefix(b, "fsck") || b == "xfs_repair") || v == "--help" || v == "-h" || v == "-V" || v == "--version" {
				if device {
					dev = true
					continue
				}
				return // a read-only check or help
			}
		}
		if !dev || (b == "tune2fs" || b == "debugfs") && !strings.Contains(low, "-w") && !strings.Contains(low, "-o") && !strings.Contains(low, "-O") && !strings.Contains(low, "-e") && !strings.Contains(low, "-u") && !strings.Contains(low, "-U") && !strings.Contains(low, "-j") && !strings.Contains(low, "-c") && !strings.Contains(low, "-r") && !strings.Contains(low, "-m") && !strings.Contains(low, "-i") && !strings.Contains(low, "-L") {
			return
		}
	}
	r.finding(ruleSystemAdmin, Command, Ask, b+" changes a disk, a file system or what the host boots", cmd, "")
}

// rawFSTool judges the tools that read and write a file system's blocks on
// its device themselves, past the kernel and every file's permissions:
// debugfs opened for writing (-w) writes the device directly, as cat >
// /dev/sda1 does (it can rewrite any file, owner or mode), and opened
// read-only it reads any file on it (debugfs -R 'cat /etc/shadow'), a raw
// read; xfs_repair -L zeroes the log, and with it the changes the log
// holds. It reports whether the command is judged in full (a read-only
// use); otherwise diskTool's judgement follows.
func (r *run) rawFSTool(b string, args []field, cmd string) bool {
	val := map[string]string{"debugfs": "Rfbsdz", "xfs_repair": "cloOmt"}[b]
	p := parseOpts(args, val, nil, "")
	var devices []field
	for _, o := range p.ops {
		if o.dyn || r.isDeviceWord(o) {
			devices = append(devices, o)
		}
	}
	if len(devices) == 0 {
		return false
	}
	switch {
	case b == "debugfs" && strings.ContainsRune(p.short, 'w'):
		r.finding(ruleDiskWrite, Command, Block, "debugfs -w writes the file system's blocks on its device directly, past every file's owner and mode", cmd, devices[0].val)
	case b == "debugfs":
		for _, d := range devices {
			r.rawDiskRead(d, cmd)
		}
		return true
	case b == "xfs_repair" && strings.ContainsRune(p.short, 'L'):
		r.finding(ruleDiskWrite, Command, Block, "xfs_repair -L zeroes the file system's log on its device, and the changes it holds are lost", cmd, devices[0].val)
	}
	return false
}

// isDeviceWord reports whether a word names a path under /dev, read
// through /proc/PID/root.
func (r *run) isDeviceWord(f field) bool {
	return strings.HasPrefix(f.val, "/") && strings.HasPrefix(throughProcRoots(f.val), "/dev/")
}

// lvmValues are the options of pvcreate, vgcreate and vgextend that take
// a value.
var lvmValues = vals("lMpsuAcZ", "--metadatasize", "--dataalignment", "--dataalignmentoffset", "--setphysicalvolumesize", "--uuid", "--restorefile",
	"--metadatacopies", "--pvmetadatacopies", "--vgmetadatacopies", "--metadatatype", "--bootloaderareasize", "--labelsector", "--physicalextentsize",
	"--maxlogicalvolumes", "--maxphysicalvolumes", "--addtag", "--alloc", "--autobackup", "--clustered", "--config", "--devices", "--devicesfile",
	"--zero", "--locktype", "--systemid", "--reportformat", "--commandprofile", "--profile", "--driverloaded", "--metadataprofile")
