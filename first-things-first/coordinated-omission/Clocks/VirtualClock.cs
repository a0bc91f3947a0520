using MeasurementLab;

namespace CoordinatedOmission;

/// <summary>
/// A deterministic simulated clock: time stands still while any participating thread can make progress, and jumps to
/// the earliest pending wake-up once every participant is waiting (on the clock or on an empty queue). A request that
/// "takes 1 ms" takes exactly 1 ms, so counts and latencies of a run are exact and can be asserted.
/// </summary>
/// <remarks>
/// One participant exists from the start (the thread that runs a client). <see cref="RunConcurrently"/> hands the
/// caller's participation to the threads it starts, so a dispatcher and queue workers share virtual time the same way
/// real threads share wall-clock time. When every participant waits on an empty queue and no wake-up is pending,
/// nothing could ever happen again: the clock fails every waiter with <see cref="VirtualClockDeadlockException"/>
/// instead of hanging.
/// </remarks>
internal sealed class VirtualClock : IClock
{
    /// <summary>Virtual nanoseconds.</summary>
    public const long TicksPerSecond = 1_000_000_000;

    private readonly object _gate = new();
    private readonly PriorityQueue<Waiter, (long Time, long Order)> _timers = new();
    private long _now;
    private long _order;
    private int _running = 1;
    private int _queueWaiters;
    private bool _deadlocked;

    public long Frequency => TicksPerSecond;

    public long Now => Volatile.Read(ref _now);

    public void WaitUntil(long timestamp)
    {
        lock (_gate)
        {
            if (timestamp <= _now)
            {
                return;
            }

            var waiter = new Waiter();
            _timers.Enqueue(waiter, (timestamp, _order++));
            Block(waiter, onQueue: false);
        }
    }

    /// <summary>Lets virtual time pass for the calling thread: <paramref name="ticks"/> later it continues.</summary>
    public void Spend(long ticks)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(ticks);
        WaitUntil(Now + ticks);
    }

    public void RunConcurrently(IReadOnlyList<ConcurrentBody> bodies)
    {
        ArgumentNullException.ThrowIfNull(bodies);
        if (bodies.Count == 0)
        {
            return;
        }

        lock (_gate)
        {
            // The caller stops participating while it waits; each new thread participates from before it starts.
            _running += bodies.Count - 1;
        }

        try
        {
            WorkerGang.RunOnce([.. bodies.Select(b => b.Name)], i =>
            {
                try
                {
                    bodies[i].Body();
                }
                finally
                {
                    lock (_gate)
                    {
                        _running--;
                        AdvanceIfEveryoneWaits();
                    }
                }
            });
        }
        finally
        {
            lock (_gate)
            {
                _running++;
            }
        }
    }

    public IWorkQueue<T> CreateQueue<T>() => new VirtualWorkQueue<T>(this);

    // Caller holds _gate.
    private void Block(Waiter waiter, bool onQueue)
    {
        _running--;
        if (onQueue)
        {
            _queueWaiters++;
        }

        try
        {
            AdvanceIfEveryoneWaits();
            while (!waiter.Released)
            {
                if (_deadlocked)
                {
                    _running++;
                    throw new VirtualClockDeadlockException();
                }

                Monitor.Wait(_gate);
            }
        }
        finally
        {
            if (onQueue)
            {
                _queueWaiters--;
            }
        }
    }

    // Caller holds _gate. Marks the waiter runnable; it counts as running from now on, so time cannot move on without it.
    private void Release(Waiter waiter)
    {
        waiter.Released = true;
        _running++;
        Monitor.PulseAll(_gate);
    }

    // Caller holds _gate.
    private void AdvanceIfEveryoneWaits()
    {
        if (_running > 0)
        {
            return;
        }

        if (_timers.TryPeek(out _, out var next))
        {
            Volatile.Write(ref _now, next.Time);
            while (_timers.TryPeek(out var due, out var at) && at.Time == next.Time)
            {
                _timers.Dequeue();
                Release(due);
            }
        }
        else if (_queueWaiters > 0)
        {
            _deadlocked = true;
            Monitor.PulseAll(_gate);
        }
    }

    private sealed class Waiter
    {
        public bool Released { get; set; }
    }

    private sealed class VirtualWorkQueue<T>(VirtualClock clock) : IWorkQueue<T>
    {
        private readonly Queue<T> _items = new();
        private readonly Queue<Waiter> _takers = new();
        private bool _complete;

        public void Add(T item)
        {
            lock (clock._gate)
            {
                if (_complete)
                {
                    throw new InvalidOperationException("The queue was completed; no more items can be added.");
                }

                _items.Enqueue(item);
                if (_takers.TryDequeue(out var taker))
                {
                    clock.Release(taker);
                }
            }
        }

        public void CompleteAdding()
        {
            lock (clock._gate)
            {
                _complete = true;
                while (_takers.TryDequeue(out var taker))
                {
                    clock.Release(taker);
                }
            }
        }

        public bool TryTake(out T item)
        {
            lock (clock._gate)
            {
                while (true)
                {
                    if (_items.TryDequeue(out T? taken))
                    {
                        item = taken;
                        return true;
                    }

                    if (_complete)
                    {
                        item = default!;
                        return false;
                    }

                    var waiter = new Waiter();
                    _takers.Enqueue(waiter);
                    clock.Block(waiter, onQueue: true);
                }
            }
        }
    }
}

/// <summary>Every thread of a virtual-clock run waits on an empty queue and no wake-up is pending: the run can never finish.</summary>
internal sealed class VirtualClockDeadlockException()
    : InvalidOperationException("Virtual clock deadlock: every thread waits on an empty queue and no timed wake-up is pending.");
