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
	{Names: names("dd"), Family: "disks", Summary: "of= is written (a device blocks); if= of a raw disk asks",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.dd(sc, args, cmd)
			return true
		}},
	{Names: names("ddrescue dcfldd dc3dd partclone partclone.dd"), Family: "disks", Summary: "the last operand is written (a device blocks); reading a raw disk asks",
		Options:  vals("bcilmoOsTv", "--sector-size", "--cluster-size", "--input-position", "--output-position", "--size", "--domain-mapfile"),
		Operands: []Operand{operand(0, RoleRead), operand(1, RoleDevice)},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			for _, f := range args {
				if v, ok := strings.CutPrefix(f.val, "of="); ok {
					t := f
					t.val = v
					r.judgeWrite(sc, t, ruleDdDevice, cmd)
				}
			}
			return false
		}},
	{Names: names("shred wipe scrub blkdiscard"), Family: "disks", Summary: "operands are destroyed: a device blocks, a file is a write",
		Options:  vals("nsotlp", "--iterations", "--size", "--random-source", "--offset", "--length", "--step"),
		Operands: []Operand{operands(0, RoleDevice)}},
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
				}
			}
			return true
		}},
	{Names: names("nvme cryptsetup zpool zfs lvremove vgremove pvremove sg_format sg_sanitize badblocks dmsetup mdadm"), Family: "disks", Summary: "destroying a device, volume or pool blocks",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.volume(b, args, cmd)
			return true
		}},
	{Names: names("pvcreate vgcreate lvcreate lvreduce lvresize vgreduce pvmove lvconvert"), Family: "disks", Summary: "volume managers on a device ask",
		Rule: ruleSystemAdmin, Options: []Option{flag(RoleHarmless, "--help", "--version", "-t", "--test")}},
	{Names: names("flashrom fwupdmgr fwupdtool efibootmgr grub-install grub2-install bootctl update-grub grub-mkconfig grub2-mkconfig mokutil dracut mkinitcpio update-initramfs kexec"),
		Family: "disks", Summary: "boot and firmware tools change what the host boots",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.bootTool(b, args, cmd)
			return true
		}},
	{Names: names("umount swapoff"), Family: "disks", Summary: "unmounting asks", Rule: ruleSystemAdmin,
		Options: []Option{flag(RoleHarmless, "--help", "-h", "--version", "-V")}},
	{Names: names("mount swapon losetup"), Family: "disks", Summary: "mounting and unmounting ask; listing is fine",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if len(args) == 0 || slices.ContainsFunc(args, func(f field) bool {
				return f.val == "-l" || f.val == "--list" || f.val == "--show" || f.val == "-s" || f.val == "--summary" || f.val == "--help"
			}) {
				return true
			}
			r.finding(ruleSystemAdmin, Command, Ask, b+" changes what is mounted on the host", cmd, "")
			return true
		}},
})

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

// bootTool judges boot and firmware tools: anything but a listing asks, and
// writing a device's flash blocks.
func (r *run) bootTool(b string, args []field, cmd string) {
	listing := map[string][]string{
		"efibootmgr": {"-v"}, "fwupdmgr": {"get-devices", "get-updates", "get-history", "get-remotes", "refresh", "security"},
		"fwupdtool": {"get-devices", "get-plugins"}, "bootctl": {"status", "list", "is-installed"},
		"mokutil": {"--list-enrolled", "--sb-state", "-l", "--test-key"}, "flashrom": {"-L", "--list-supported", "-r", "--read"},
	}
	if len(args) == 0 && (b == "efibootmgr" || b == "bootctl") {
		return
	}
	for _, a := range args {
		if a.val == "--help" || a.val == "--version" || a.val == "-h" || slices.Contains(listing[b], a.val) {
			if b == "flashrom" && (a.val == "-r" || a.val == "--read") && slices.ContainsFunc(args, func(f field) bool { return f.val == "-w" || f.val == "--write" || f.val == "-E" || f.val == "--erase" }) {
				break
			}
			return
		}
	}
	if b == "flashrom" {
		r.finding(ruleWipeDevice, Command, Block, "flashrom rewrites or erases firmware flash", cmd, "")
		return
	}
	r.finding(ruleSystemAdmin, Command, Ask, b+" changes what the host boots", cmd, "")
}
