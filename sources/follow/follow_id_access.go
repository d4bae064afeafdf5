package follow

// ID is the file's identity, which outlives a rename.
func (s FileStat) ID() FileID { return s.id }

// Size is the file's size when it was looked at.
func (s FileStat) Size() int64 { return s.size }

// Name is the file's base name in the folder listed.
func (d DirFile) Name() string { return d.name }

// Stat is what was found of the file, valid when Err is nil.
func (d DirFile) Stat() FileStat { return d.st }

// Err says why the file could not be looked at.
func (d DirFile) Err() error { return d.err }
