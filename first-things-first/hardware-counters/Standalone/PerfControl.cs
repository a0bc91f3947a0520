using System.Text;

namespace HardwareCounters.Standalone;

/// <summary>
/// The workload side of <c>perf stat --delay -1 --control fd:CTL,ACK</c>: perf starts with its counters disabled,
/// the runner writes "enable" just before the hot loop and "disable" right after, and waits for perf's "ack".
/// So <c>perf stat</c> counts the loop, not the data generation, the JIT or the runtime's start-up.
/// </summary>
internal sealed class PerfControl : IDisposable
{
    private static readonly TimeSpan AckTimeout = TimeSpan.FromSeconds(10);

    private readonly FileStream _control;
    private readonly FileStream _ack;

    private PerfControl(FileStream control, FileStream ack)
    {
        _control = control;
        _ack = ack;
    }

    /// <summary>Opens the two FIFOs perf listens and answers on.</summary>
    public static PerfControl Open(string controlFifo, string ackFifo)
    {
        var control = new FileStream(controlFifo, FileMode.Open, FileAccess.Write, FileShare.ReadWrite, bufferSize: 0);
        try
        {
            return new PerfControl(control, new FileStream(ackFifo, FileMode.Open, FileAccess.Read, FileShare.ReadWrite, bufferSize: 0));
        }
        catch
        {
            control.Dispose();
            throw;
        }
    }

    public void Enable() => Send("enable");

    public void Disable() => Send("disable");

    public void Dispose()
    {
        _control.Dispose();
        _ack.Dispose();
    }

    private void Send(string command)
    {
        _control.Write(Encoding.ASCII.GetBytes(command + "\n"));
        _control.Flush();
        var read = Task.Run(ReadAck);
        if (!read.Wait(AckTimeout))
        {
            throw new IOException($"perf did not acknowledge '{command}' within {AckTimeout.TotalSeconds:0} s (is perf stat running with --control?).");
        }

        if (read.Result != "ack")
        {
            throw new IOException($"perf answered '{read.Result}' to '{command}', expected 'ack'.");
        }
    }

    // perf writes "ack\n" including the C string's terminating NUL, so a NUL may precede the next answer: skip it.
    private string ReadAck()
    {
        var line = new StringBuilder();
        int b;
        while ((b = _ack.ReadByte()) >= 0 && b != '\n')
        {
            if (b != 0)
            {
                line.Append((char)b);
            }
        }

        return line.ToString().Trim();
    }
}
