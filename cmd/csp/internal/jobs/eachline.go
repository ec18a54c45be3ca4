package jobs

import (
	"bufio"
	"errors"
	"io"
	"os"
)

// eachLine calls fn with each line of the file at path (numbered from 1,
// without its newline) until fn returns false. The line is only valid
// during the call: its buffer is reused, so reading a split file takes
// the memory of its longest line, not of the file.
func eachLine(path string, fn func(no int, line []byte) bool) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 64<<10)
	var long []byte // a line longer than r's buffer, put together
	for no := 1; ; no++ {
		line, err := r.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			long = append(long[:0], line...)
			for errors.Is(err, bufio.ErrBufferFull) {
				line, err = r.ReadSlice('\n')
				long = append(long, line...)
			}
			line = long
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		if len(line) > 0 && line[len(line)-1] == '\n' {
			line = line[:len(line)-1]
		}
		if (len(line) > 0 || err == nil) && !fn(no, line) {
			return nil
		}
		if err != nil {
			return nil // io.EOF
		}
	}
}
