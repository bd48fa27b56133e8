// Package roots holds the workspace roots of an agent session and resolves
// the paths of tool calls against them.
//
// A [Root] is an authorized folder with an access level ([Read] or
// [ReadWrite]), a [Source], and at most one of them in a [Set] is primary.
// [NewSet] validates and canonicalizes roots; [Set.Resolve] turns a path from a
// tool call into a [Target]: the canonical path, the most specific root that
// contains it and that root's access, or an error wrapping [ErrOutsideRoots],
// [ErrUnresolvable], [ErrLinkLoop] or [ErrInvalidPath].
//
// # Resolution
//
// Resolution asks the file system, one component at a time, the way the
// kernel walks a path:
//
//   - A relative path starts at the primary root, never at the process's
//     working folder.
//   - A path that starts, component by component and spelled exactly as it
//     is stored, with a root's canonical path (the most specific such root)
//     starts at that root instead of at "/": the root's own folders are not
//     looked up again. Every name after it is, so a ".." or a link there
//     leaves the root exactly as it would from "/"; containment is never
//     assumed from the spelling. A root is canonical as of [NewSet]: a root
//     folder (or one of its parents) replaced by a symbolic link later is
//     not noticed until the set is built again ([Live.Replace]). [Files]
//     does its I/O through handles opened on the root folders, which such a
//     swap cannot redirect.
//   - Each existing component is examined with Lstat. A symbolic link is
//     replaced by its target (a relative target continues from the link's
//     folder, an absolute one from "/"), and the walk goes on, so a link
//     anywhere in the path, including the last component, is followed. At
//     most [DefaultMaxLinks] links are followed (see [WithMaxLinks]); a loop
//     fails with [ErrLinkLoop] instead of hanging.
//   - ".." is applied to the prefix resolved so far, which holds no links, as
//     the kernel does: ws/link/../x is outside/x when link points to
//     outside/dir. The path is never cleaned lexically first.
//   - A missing component and everything after it are appended as written to
//     the nearest existing ancestor: a missing leaf or a missing subtree
//     (ws/a/b/c.txt where only ws exists) resolves to where creating it would
//     put it. A ".." after a missing component fails with [ErrUnresolvable]:
//     the kernel fails there too (ENOENT), and what a tool that creates
//     folders first would reach is a guess the policy should not make. A
//     dangling symbolic link is followed to where a write through it would
//     land, under the same rules.
//   - Anything after a non-folder (file/x, file/., file/.., file/) fails with
//     [ErrUnresolvable], as the kernel fails with ENOTDIR.
//   - Double and trailing slashes and "." are ignored, except that a
//     trailing slash after a file fails as above.
//   - Magic links such as /proc/self/root and /proc/self/cwd are followed by
//     the text the kernel reports for them (/proc/self/root reads "/"), so a
//     link to /proc/self/root/etc resolves to /etc, outside. A path through
//     /proc/self, /proc/thread-self or a link under any process's /proc
//     entry (/proc/PID/root, cwd, fd/N) is marked [Target.ViaProcessLink]:
//     the kernel follows such a link into that process's view (another
//     mount namespace may have bound a folder from outside every root under
//     a root's name), which the text need not show. A procfs mounted
//     elsewhere than /proc is not recognized.
//   - The empty path, a path with a NUL byte and a path longer than 32 KiB
//     fail with [ErrInvalidPath]. Other bytes, including invalid UTF-8, are
//     valid names on Unix and are kept as they are.
//   - Each Lstat, Readlink (and on Windows, long-name query) is one lookup.
//     [Set.ResolveBudget] and [Set.CanonicalBudget] count them against a
//     [Budget] shared by every path of one tool call ([DefaultLookups] by
//     default) and fail with [ErrBudget], which also matches
//     [ErrUnresolvable], once it is used up: a path multiplied through
//     chains of links costs milliseconds, not minutes.
//     [Set.CanonicalMemo] also remembers the answers in a [Memo] for the
//     rest of the call, for advisory lookups such as the shell analyser's;
//     each remembered answer still takes the budget.
//
// Containment ([Set.Contains]) compares whole path components of canonical
// paths: /ws2 and /ws-old are not inside /ws. When roots nest, the most
// specific root wins, so a read-only root inside a read-write root keeps its
// folder read-only.
//
// # Windows
//
// Paths may use either slash and start with a drive (C:\), a UNC share
// (\\server\share\), or a verbatim prefix (\\?\C:\, \\?\UNC\server\share\,
// \\?\Volume{GUID}\); canonical paths use backslashes, an upper-case drive
// letter and no verbatim prefix for drives and shares. A rooted path without a
// volume (\x) takes the primary root's volume. Drive-relative paths (C:x),
// device paths (\\.\), invalid UTF-8, reserved device names (NUL, COM1,
// also with an extension), names ending in a dot or a space (which Win32
// strips), and names holding control characters or <>:"|?* (including the
// ':' of alternate data streams) fail with [ErrInvalidPath].
//
// Win32 collapses "." and ".." lexically before the file system sees a
// path, and again whenever it follows a symbolic link or junction; resolution
// on Windows does the same (as os.Root does), because that is the file
// Windows opens. Junctions and mount points are followed like symbolic links;
// other reparse points that cannot be read as links are treated as what they
// contain. Existing names holding '~' are expanded with GetLongPathNameW, so
// an 8.3 short name (PROGRA~1) compares as its long name. Names compare
// case-insensitively, each character by its simple upper-case form, as NTFS
// compares them by default ([FoldCase]). Folders marked case-sensitive
// (fsutil file setCaseSensitiveInfo) are not recognized as such: there, two
// names differing only in case would be taken for one.
//
// On macOS and other systems names compare exactly by default. A path spelled
// in another case than its root on a case-insensitive volume is then outside,
// which fails closed; [FoldCase] turns folding on.
//
// # Live sets and directory requests
//
// An agent cannot add roots. It can produce a [Request] (path, access,
// reason) that a host shows to a person; only the host changes a [Live] set,
// with [Live.Grant], [Live.Revoke] or [Live.Replace], each of which delivers
// an [Event] (before, after, who, why, time) for the audit log. Readers use
// [Live.Snapshot], an immutable *Set, and never see a change half made.
//
// # Handle-relative access
//
// A path check alone races with the file system: between the check and the
// open, a folder on the path can be replaced by a symbolic link. A host that
// routes its file tools through [Files] closes most of that gap. [Files]
// resolves the path with the same rules, then opens, creates, links or
// renames it relative to an os.Root handle on the containing root, so a link
// or folder swapped in after the check can redirect the access within that
// root but not outside it. [Files.CreateNew] publishes a new file without
// ever replacing an existing one (stage, sync, hard link, no fallback to an
// overwrite) and [Files.Replace] refuses with [ErrChanged] when the file is
// not the [Version] that was read. [Files.WriteTarget] does either in one
// call for the target of a policy decision, judged again against the set's
// roots and, with [HeldBy], against the roots the deciding agent holds.
//
// # What this package does not guarantee
//
// This is an application-level policy boundary, not an operating-system
// sandbox. Processes the agent runs (a shell, a build) are not confined by it.
// These races and gaps remain:
//
//   - [Set.Resolve] alone is a time-of-check answer on every platform. A host
//     that opens the resolved path itself, with os.Open, can be redirected by
//     a link swapped in afterwards, inside or outside the roots. Use [Files]
//     to close that gap.
//   - With [Files], an access cannot leave the root whose handle it used, on
//     platforms where os.Root is handle-based (Linux, macOS, the BSDs,
//     Windows). It can still be redirected within that root, and so into a
//     nested root with less access: a read-only root inside a read-write
//     root is only as safe as the check when someone can swap links in the
//     outer root concurrently. On GOOS=js and plan9, os.Root tracks names,
//     not handles, and the guarantee weakens to that of a path check.
//   - os.Root's own limits apply: it does not stop at mount points, bind
//     mounts or /proc magic links inside a root, and os.Root on Unix rejects
//     absolute symbolic links and ".." that climbs above the root even when
//     they would land inside it; such accesses fail rather than escape.
//   - If a root folder is moved after [OpenFiles], its handle follows the
//     folder to its new place.
//   - Hard links are invisible to path checks: a hard link inside a root to a
//     file outside it is inside. [Files.OpenFile] refuses to open for
//     writing a file that has more than one hard link, and [Files.Replace],
//     [Files.CreateNew] and [Files.WriteTarget] write a new file under the
//     name, so a write through [Files] never reaches the other names. A
//     read through such a name, and a host that opens the path itself, are
//     not covered; on GOOS=js and plan9 link counts are not known.
//   - [Files.Replace] checks identity, size, modification time and content,
//     then checks identity, size and time again right before the rename.
//     A write that lands between that last check and the rename is lost, and
//     a write that keeps size and modification time (on a file system with a
//     coarse clock) after the content check goes unnoticed. Only cooperating
//     writers (a shared lock) can close that window.
//   - [Files.CreateNew] needs hard links; where os.Root.Link fails (FAT,
//     some network shares, GOOS=js) it fails, it never overwrites.
//   - Durability: staged files are synced and, on Unix, so is the folder
//     after publishing. Windows cannot sync a folder; a power loss right after
//     publishing can lose the new name there. Storage that lies about syncs
//     is beyond any library.
//   - Case and aliases: on Windows, names compare as NTFS compares them by
//     default; per-folder case sensitivity, other file systems' own rules and
//     Unicode normalization (NFC against NFD, as on macOS) are not modelled.
//     Failing to recognize an alias makes a path outside, never inside,
//     with one exception handled apart: a path in a read-write root that,
//     compared loosely (ASCII case ignored, any two names holding non-ASCII
//     bytes taken as one), lies in a read-only root nested in it (/ws/RO/x
//     or an NFD spelling of /ws/ré/x, with /ws/ro or /ws/ré read-only) may
//     open that root's file on a folding file system, so [Set.Contains]
//     takes it as outside every root.
package roots
