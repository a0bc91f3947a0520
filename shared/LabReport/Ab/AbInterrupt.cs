using System.Runtime.InteropServices;

namespace LabReport.Ab;

/// <summary>
/// Ctrl-C (SIGINT) and SIGTERM as a cancellation: the running sides are killed with everything they started, the
/// worktrees and the private directory are removed, and what was measured is written, instead of the runtime ending
/// the process on the spot. A second signal is handled the same way (the first already stops everything).
/// </summary>
public sealed class AbInterrupt : IDisposable
{
    private readonly CancellationTokenSource _source;
    private readonly List<PosixSignalRegistration> _registrations = [];

    /// <summary>Listens for the signals; <paramref name="also"/> (a test's token) stops the run too.</summary>
    public AbInterrupt(CancellationToken also = default)
    {
        _source = CancellationTokenSource.CreateLinkedTokenSource(also);
        foreach (var signal in new[] { PosixSignal.SIGINT, PosixSignal.SIGTERM })
        {
            _registrations.Add(PosixSignalRegistration.Create(signal, context =>
            {
                context.Cancel = true;
                Signal = signal;
                _source.Cancel();
            }));
        }
    }

    /// <summary>Cancelled once a signal arrived.</summary>
    public CancellationToken Token => _source.Token;

    /// <summary>The signal that stopped the run, if one did.</summary>
    public PosixSignal? Signal { get; private set; }

    /// <inheritdoc />
    public void Dispose()
    {
        foreach (var registration in _registrations)
        {
            registration.Dispose();
        }

        _source.Dispose();
    }
}
