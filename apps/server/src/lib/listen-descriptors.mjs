// Forked by lib/listen.ts with an IPC channel, for a moment at start-up. It is sent the handle of
// the API's listening socket and sends it back as many times as asked: each arrives in the API's
// process as a new descriptor of the same socket, which Node has no other way to make. The handle
// comes and goes raw, so this process never listens or accepts: no connection can stop here.
// `on`, not `once`: a channel without a 'message' listener no longer keeps this process alive, and
// it must live until the API has acknowledged every copy and closes the channel.
let asked = false;
process.on('message', (request, handle) => {
  if (asked) return;
  asked = true;
  if (!handle || !Number.isInteger(request?.copies)) process.exit(2);
  let left = request.copies;
  // Node sends one handle at a time (the next once the API acknowledges the last). keepOpen: the next
  // send needs it. After the last, this process ends when the API closes the channel.
  const sendNext = (error) => {
    if (error) process.exit(1);
    if (left === 0) return;
    left -= 1;
    process.send({ type: 'copy' }, handle, { keepOpen: true }, sendNext);
  };
  sendNext(null);
});
