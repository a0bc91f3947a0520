using System.Runtime.InteropServices;
using FirstThingsFirst.Ab;

// Ctrl-C (and a CI runner's SIGTERM) cancels the run instead of killing it, so the worktrees are removed on the way out.
using var stop = new CancellationTokenSource();
using var sigint = PosixSignalRegistration.Create(PosixSignal.SIGINT, Cancel);
using var sigterm = PosixSignalRegistration.Create(PosixSignal.SIGTERM, Cancel);
return AbProgram.Run(args, Console.Out, Console.Error, Directory.GetCurrentDirectory(), stop.Token);

void Cancel(PosixSignalContext context)
{
    context.Cancel = true;
    stop.Cancel();
}
