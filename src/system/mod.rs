//! What the process asks of the system it runs on, below everything else: memory given
//! back when large buffers are freed (`allocator`), a file written whole or not at all
//! (`atomic_file`), and a name a file may safely have (`file_name`).

pub mod allocator;
pub mod atomic_file;
pub mod file_name;
