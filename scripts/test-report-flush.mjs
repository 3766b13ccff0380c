// Preloaded into every `node --test --test-force-exit` run of a tier (test-tier.mjs), so into each test file's child
// process too. Under --test-force-exit a child reports its results to the runner through a pipe and then exits, and
// writes to a pipe are asynchronous: the last results could still be buffered when it exited, and the runner then
// reported fewer tests, with no failure and exit 0 (nodejs/node#64833, open). ci27's Node 24 protoc-gen integration run
// reported 93 of its 110 tests so. With the pipe blocking, each write has reached it before the next line runs.
// Measured: 8 files of 300 tests, --test-concurrency=4: 2,328-2,350 of 2,400 reported without this on Node 24 and
// 2,392-2,395 on Node 20; 2,400 every time with it.
const handle = process.stdout._handle;
if (handle && typeof handle.setBlocking === "function") handle.setBlocking(true);
