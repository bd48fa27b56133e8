package proctree

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
)

// prepare makes a job object that kills its processes when its last handle
// closes (when Close releases it, or when the host dies), and starts the
// child suspended, so it is in the job before it can start anything.
func prepare(cmd *exec.Cmd) (func(*os.Process) (osTree, error), error) {
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return nil, fmt.Errorf("proctree: creating a job object: %w", err)
	}
	info := windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION{
		BasicLimitInformation: windows.JOBOBJECT_BASIC_LIMIT_INFORMATION{
			LimitFlags: windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE,
		},
	}
	if _, err := windows.SetInformationJobObject(job, windows.JobObjectExtendedLimitInformation,
		uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info))); err != nil {
		windows.CloseHandle(job)
		return nil, fmt.Errorf("proctree: setting kill-on-job-close: %w", err)
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{CreationFlags: windows.CREATE_SUSPENDED | windows.CREATE_NEW_PROCESS_GROUP}
	return func(p *os.Process) (osTree, error) {
		w := &windowsTree{job: job}
		if p == nil {
			w.release()
			return nil, nil
		}
		if err := assignAndResume(job, uint32(p.Pid)); err != nil {
			w.release()
			return nil, err
		}
		return w, nil
	}, nil
}

func assignAndResume(job windows.Handle, pid uint32) error {
	h, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE, false, pid)
	if err != nil {
		return fmt.Errorf("opening the child: %w", err)
	}
	defer windows.CloseHandle(h)
	if err := windows.AssignProcessToJobObject(job, h); err != nil {
		return fmt.Errorf("putting the child in its job: %w", err)
	}
	snap, err := windows.CreateToolhelp32Snapshot(windows.TH32CS_SNAPTHREAD, 0)
	if err != nil {
		return fmt.Errorf("listing the child's threads: %w", err)
	}
	defer windows.CloseHandle(snap)
	te := windows.ThreadEntry32{Size: uint32(unsafe.Sizeof(windows.ThreadEntry32{}))}
	resumed := 0
	for err = windows.Thread32First(snap, &te); err == nil; err = windows.Thread32Next(snap, &te) {
		if te.OwnerProcessID != pid {
			continue
		}
		th, err := windows.OpenThread(windows.THREAD_SUSPEND_RESUME, false, te.ThreadID)
		if err != nil {
			return fmt.Errorf("opening the child's thread: %w", err)
		}
		_, err = windows.ResumeThread(th)
		windows.CloseHandle(th)
		if err != nil {
			return fmt.Errorf("resuming the child: %w", err)
		}
		resumed++
	}
	if resumed == 0 {
		return fmt.Errorf("resuming the child: no thread found")
	}
	return nil
}

// windowsTree is a child and its descendants in one job object.
type windowsTree struct {
	job windows.Handle
}

// Windows has no signal to ask a process tree to stop: term does nothing
// and Close goes straight to the force after an immediate look.
func (w *windowsTree) term() bool { return false }

func (w *windowsTree) kill() { _ = windows.TerminateJobObject(w.job, 1) }

// rekill terminates the job again: a process that one of the job's was
// creating as the job was terminated is in the job too.
func (w *windowsTree) rekill([]int) { w.kill() }

// jobProcessList is JOBOBJECT_BASIC_PROCESS_ID_LIST with room for 256 ids.
type jobProcessList struct {
	assigned uint32
	listed   uint32
	ids      [256]uintptr
}

func (w *windowsTree) alive() ([]int, bool) {
	if w.job == 0 {
		return nil, false
	}
	var l jobProcessList
	if err := windows.QueryInformationJobObject(w.job, windows.JobObjectBasicProcessIdList,
		uintptr(unsafe.Pointer(&l)), uint32(unsafe.Sizeof(l)), nil); err != nil && l.listed == 0 {
		return nil, true // cannot tell: assume alive, so Close forces the job
	}
	pids := make([]int, 0, l.listed)
	for _, id := range l.ids[:min(int(l.listed), len(l.ids))] {
		pids = append(pids, int(id))
	}
	return pids, l.assigned > 0
}

func (w *windowsTree) release() {
	if w.job != 0 {
		windows.CloseHandle(w.job)
		w.job = 0
	}
}
