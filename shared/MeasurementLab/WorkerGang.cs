using System.Runtime.ExceptionServices;

namespace MeasurementLab;

/// <summary>
/// A fixed set of dedicated threads, created before any timed region, that run one body together per
/// <see cref="Run"/>. Unlike <c>Parallel.For</c> over the thread pool (which on a small machine may run 32 "threads"
/// on two pool workers), every index runs on its own thread, all released by one barrier, and the gang records how
/// many were inside the body at the same time.
/// </summary>
public sealed class WorkerGang : IDisposable
{
    private readonly Thread[] _threads;
    private readonly Barrier _start;
    private readonly CountdownEvent _done;
    private Action<int>? _body;
    private ExceptionDispatchInfo? _error;
    private int _active;
    private int _participants;
    private int _peakActive;
    private readonly long[] _peakCounts;  // runs by their peak (0..ThreadCount): the median without keeping every run
    private volatile bool _stopping;
    private bool _disposed;

    /// <summary>Starts <paramref name="threadCount"/> threads named <c>name-i</c>, parked until the first <see cref="Run"/>.</summary>
    public WorkerGang(int threadCount, string name = "gang")
        : this([.. Enumerable.Range(0, Math.Max(threadCount, 0)).Select(i => $"{name}-{i}")])
    {
    }

    /// <summary>Starts one thread per name, parked until the first <see cref="Run"/>.</summary>
    public WorkerGang(IReadOnlyList<string> threadNames)
    {
        ArgumentNullException.ThrowIfNull(threadNames);
        ArgumentOutOfRangeException.ThrowIfLessThan(threadNames.Count, 1, nameof(threadNames));
        ThreadCount = threadNames.Count;
        _start = new Barrier(ThreadCount + 1);
        _done = new CountdownEvent(ThreadCount);
        _peakCounts = new long[ThreadCount + 1];
        _threads = new Thread[ThreadCount];
        for (int i = 0; i < ThreadCount; i++)
        {
            int index = i;
            _threads[i] = new Thread(() => WorkerLoop(index)) { IsBackground = true, Name = threadNames[i] };
            _threads[i].Start();
        }
    }

    /// <summary>Number of threads in the gang.</summary>
    public int ThreadCount { get; }

    /// <summary>Distinct gang threads that entered the body in the last <see cref="Run"/>.</summary>
    public int LastParticipants { get; private set; }

    /// <summary>Most threads inside the body at the same moment during the last <see cref="Run"/>.</summary>
    public int LastPeakConcurrency { get; private set; }

    /// <summary>Smallest <see cref="LastParticipants"/> over all runs so far (0 before the first run).</summary>
    public int MinParticipants { get; private set; }

    /// <summary>
    /// The median <see cref="LastPeakConcurrency"/> over all runs so far, the lower middle of an even count (0 before the
    /// first run): what a typical run had inside the body at once. The smallest is often a run whose threads a busy CPU
    /// kept apart (the first, jitting invocation of a benchmark; a descheduled vCPU).
    /// </summary>
    public int MedianPeakConcurrency
    {
        get
        {
            long middle = (Runs - 1) / 2;  // runs with a smaller peak, at most, at the lower median
            for (int peak = 0; peak < _peakCounts.Length; peak++)
            {
                middle -= _peakCounts[peak];
                if (middle < 0)
                {
                    return peak;
                }
            }

            return 0;
        }
    }

    /// <summary>How many runs had each peak (index: threads inside at once), in one line: "1×2, 2×9".</summary>
    public string PeakCounts => string.Join(", ", _peakCounts.Select((n, peak) => (n, peak)).Where(p => p.n > 0).Select(p => $"{p.peak}×{p.n}"));

    public long Runs { get; private set; }

    /// <summary>
    /// Runs <paramref name="body"/>(i) once on a new thread per name and returns when all have finished; the first
    /// exception of any thread is rethrown as is. No names: nothing runs.
    /// </summary>
    public static void RunOnce(IReadOnlyList<string> threadNames, Action<int> body)
    {
        ArgumentNullException.ThrowIfNull(threadNames);
        ArgumentNullException.ThrowIfNull(body);
        if (threadNames.Count == 0)
        {
            return;
        }

        using var gang = new WorkerGang(threadNames);
        gang.Run(body);
    }

    /// <summary>Runs <paramref name="body"/>(i) on thread i for every i, returns when all have finished.</summary>
    /// <exception cref="AggregateException">Never: the first exception of a worker is rethrown as is.</exception>
    public void Run(Action<int> body)
    {
        ArgumentNullException.ThrowIfNull(body);
        ObjectDisposedException.ThrowIf(_disposed, this);
        _body = body;
        _error = null;
        _active = 0;
        _peakActive = 0;
        _participants = 0;
        _done.Reset(ThreadCount);
        _start.SignalAndWait();  // releases every worker at once
        _done.Wait();
        Record(Volatile.Read(ref _participants), Volatile.Read(ref _peakActive));
        _error?.Throw();
    }

    /// <summary>Counts one run that <paramref name="participants"/> threads entered, at most <paramref name="peak"/> at once.</summary>
    internal void Record(int participants, int peak)
    {
        ArgumentOutOfRangeException.ThrowIfGreaterThan(peak, ThreadCount);
        LastParticipants = participants;
        LastPeakConcurrency = peak;
        MinParticipants = Runs == 0 ? participants : Math.Min(MinParticipants, participants);
        _peakCounts[peak]++;
        Runs++;
    }

    /// <summary>Stops and joins the threads.</summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        _stopping = true;
        _start.SignalAndWait();
        foreach (var thread in _threads)
        {
            thread.Join();
        }

        _start.Dispose();
        _done.Dispose();
    }

    private void WorkerLoop(int index)
    {
        while (true)
        {
            _start.SignalAndWait();
            if (_stopping)
            {
                return;
            }

            Interlocked.Increment(ref _participants);
            int now = Interlocked.Increment(ref _active);
            UpdatePeak(now);
            try
            {
                _body!(index);
            }
            catch (Exception e)
            {
                Interlocked.CompareExchange(ref _error, ExceptionDispatchInfo.Capture(e), null);
            }
            finally
            {
                Interlocked.Decrement(ref _active);
                _done.Signal();
            }
        }
    }

    private void UpdatePeak(int now)
    {
        int peak;
        while (now > (peak = Volatile.Read(ref _peakActive)) && Interlocked.CompareExchange(ref _peakActive, now, peak) != peak)
        {
        }
    }
}
