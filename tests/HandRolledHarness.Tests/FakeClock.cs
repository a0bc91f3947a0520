namespace HandRolledHarness.Tests;

/// <summary>
/// A clock in nanoseconds that moves only when told: <see cref="Advance"/> (work "takes" time) or a scripted
/// delta per read. A Timer reads it once when started and once at Check, so <see cref="ScriptLoops"/> makes
/// each timed loop last exactly the given time whatever runs inside it.
/// </summary>
internal sealed class FakeClock : TimeProvider
{
    private readonly Queue<long> _deltaPerRead = new();
    private long _now;

    public override long TimestampFrequency => 1_000_000_000;

    public int Reads { get; private set; }

    public override long GetTimestamp()
    {
        Reads++;
        if (_deltaPerRead.TryDequeue(out long delta))
        {
            _now += delta;
        }
        else
        {
            _now += AdvanceEveryRead;
        }

        return _now;
    }

    /// <summary>Once the script is used up, every read moves the clock this far (a run that always ends).</summary>
    public long AdvanceEveryRead { get; init; }

    public void Advance(long nanoseconds) => _now += nanoseconds;

    public FakeClock ScriptLoops(params long[] loopNanoseconds)
    {
        foreach (long loop in loopNanoseconds)
        {
            _deltaPerRead.Enqueue(0);
            _deltaPerRead.Enqueue(loop);
        }

        return this;
    }

    public int ScriptedReadsLeft => _deltaPerRead.Count;
}
