// Package proctree starts a child process, such as a local sidecar or an
// MCP server, so that closing the host ends the child and every process it
// started. It is part of the host's flow around the engine, not of the
// nine-step evaluation order: the engine decides whether a call may run,
// and proctree keeps what runs from outliving the host. See
// docs/security-model.md, Secrets and child processes.
//
// A child gets only the environment it is given: Config.Env (build it with
// package childenv for a server that needs more), or when that is nil
// childenv.Build's sanitized default (PATH, HOME, the locale, the temporary
// folder...) and nothing else, so API keys, tokens, NODE_OPTIONS,
// LD_PRELOAD and the like stay behind.
//
// What each system guarantees:
//
//   - Linux: the child leads a new session and process group. Close sends
//     SIGTERM to the group and to every other process it finds in /proc
//     that belongs to the tree (same session or group, descended from a
//     member at any depth, or seen as a member before), waits
//     Config.Grace, stops the tree, sends SIGKILL the same way, sends it
//     again to every member it still sees, and reports survivors it can
//     still see. A process is alive while any thread of it is (one whose
//     main thread has exited shows in /proc as a zombie), and a look at
//     /proc that cannot be finished (the host out of file descriptors)
//     never counts as finding the tree gone. If the host dies without
//     Close, the kernel sends the child SIGKILL (a parent-death signal);
//     its descendants are not signalled then.
//   - Other Unix systems (macOS, the BSDs): the same with the process
//     group only; there is no parent-death signal, and survivors are seen
//     only as "the group still exists", without their ids.
//   - Windows: the child starts suspended, joins a job object with
//     JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE, and only then runs, so all its
//     descendants are in the job. Close terminates the job at once (Windows
//     has no signal to ask first), and the job's last handle closing, when
//     the host dies however it dies, kills the whole tree.
//
// Termination is best effort where the system lets a process escape. On
// Unix a descendant can start a new session (setsid) and leave the group;
// on Linux Close still finds it while it is a descendant of a member or
// was seen by an earlier scan, but not one that started a new session and
// whose parent exited before Close looked (a double-forked daemon), which
// cannot be told from any other process of the user. The force stops the
// tree first and then kills it, so a member forking during the kill
// leaves no child unseen: every member gets SIGSTOP, and since kill(2)
// returns before its target has stopped (a member inside fork(2) finishes
// it first), the tree is scanned again until every member a scan finds
// was seen stopped, in every thread, before that scan. The scans go on
// while they find members or see them stop, however slow a scan is on a
// loaded machine (ten seconds at most, against a tree that keeps
// growing); a member that shows no change for a second and three scans
// (one blocked in the kernel, such as a parent waiting for a vfork child)
// is killed all the same, and a child it makes as it dies is killed if a
// later scan sees it. On Windows a process created with
// CREATE_BREAKAWAY_FROM_JOB leaves the job when the job allows it (this
// one does not). Close reports the survivors it can see in a
// *SurvivorsError; it cannot report those it cannot see.
//
// Signals go by pid, so a race remains: a process found by a scan may exit
// and its pid be reused before the signal arrives. The window is short,
// and Linux does not reuse a pid while it names a live process group or
// session, which covers the signals sent to the tree's group.
package proctree
