//go:build windows

package policyfile

import (
	"fmt"
	"path/filepath"
	"unsafe"

	"golang.org/x/sys/windows"
)

// writeAccess is every right that lets a holder change a file or folder,
// its entries, or who may.
const writeAccess = windows.FILE_WRITE_DATA | windows.FILE_APPEND_DATA | windows.FILE_WRITE_EA |
	windows.FILE_WRITE_ATTRIBUTES | fileDeleteChild | windows.DELETE | windows.WRITE_DAC |
	windows.WRITE_OWNER | windows.GENERIC_WRITE | windows.GENERIC_ALL

// fileDeleteChild is the right to delete a folder's entries (FILE_DELETE_CHILD).
const fileDeleteChild = 0x40

// trustedInstaller is the SID of the TrustedInstaller service.
const trustedInstaller = "S-1-5-80-956008885-3418522649-1831038044-1853292631-2271478464"

// readManaged reads the managed layer's file after checking that only an
// administrator could have written it: on Windows the file (with links
// resolved) and every folder above it must be owned by Administrators,
// SYSTEM or TrustedInstaller, and no access-allowed entry of their access
// lists may grant a right to change them to anyone else. A missing
// access list (which grants everyone everything) fails.
func readManaged(path string) ([]byte, error) {
	f, _, real, given, err := openManaged(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The path as given too, when links lead elsewhere: whoever may change
	// a folder on it may point it at another file.
	for _, start := range []string{real, given} {
		for at := start; ; at = filepath.Dir(at) {
			if err := adminOnly(path, at); err != nil {
				return nil, err
			}
			if at == filepath.Dir(at) {
				break
			}
		}
	}
	return readOpen(f, path)
}

func admin(sid *windows.SID) bool {
	return sid.IsWellKnown(windows.WinBuiltinAdministratorsSid) || sid.IsWellKnown(windows.WinLocalSystemSid) ||
		sid.String() == trustedInstaller
}

// adminOnly checks the owner and access list of one file or folder.
func adminOnly(path, at string) error {
	sd, err := windows.GetNamedSecurityInfo(at, windows.SE_FILE_OBJECT,
		windows.OWNER_SECURITY_INFORMATION|windows.DACL_SECURITY_INFORMATION)
	if err != nil {
		return fmt.Errorf("%w: reading the owner of %s: %w", ErrRead, at, err)
	}
	owner, _, err := sd.Owner()
	if err != nil || owner == nil {
		return untrusted(path, at, "has no owner this system reports")
	}
	if !admin(owner) {
		return untrusted(path, at, "is owned by "+owner.String()+", not Administrators or SYSTEM")
	}
	dacl, _, err := sd.DACL()
	if err != nil || dacl == nil {
		return untrusted(path, at, "has no access list, so everyone may write it")
	}
	for i := range uint32(dacl.AceCount) {
		var ace *windows.ACCESS_ALLOWED_ACE
		if err := windows.GetAce(dacl, i, &ace); err != nil {
			return untrusted(path, at, "has an access list this system cannot read")
		}
		if ace.Header.AceType != windows.ACCESS_ALLOWED_ACE_TYPE || ace.Header.AceFlags&windows.INHERIT_ONLY_ACE != 0 ||
			ace.Mask&writeAccess == 0 {
			continue
		}
		sid := (*windows.SID)(unsafe.Pointer(&ace.SidStart))
		if !admin(sid) {
			return untrusted(path, at, "may be changed by "+sid.String())
		}
	}
	return nil
}
