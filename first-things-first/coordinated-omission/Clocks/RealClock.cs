using System.Collections.Concurrent;
using System.Diagnostics;
using MeasurementLab;

namespace CoordinatedOmission;

/// <summary>Wall-clock time: <see cref="Stopwatch"/> timestamps, real threads, a real blocking queue.</summary>
internal sealed class RealClock : IClock
{
    /// <summary>Below this much remaining time <see cref="WaitUntil"/> spins; above it, it sleeps 1 ms at a time first.</summary>
    /// <remarks>Linux wakes a 1 ms sleep after 1.05–1.1 ms (more on a busy VM), so 2 ms leaves room to spin to the exact tick.</remarks>
    public static readonly TimeSpan SpinBelow = TimeSpan.FromMilliseconds(2);

    private readonly long _spinBelowTicks;

    public RealClock()
    {
        _spinBelowTicks = this.ToTicks(SpinBelow);
    }

    public long Frequency => Stopwatch.Frequency;

    public long Now => Stopwatch.GetTimestamp();

    public void WaitUntil(long timestamp)
    {
        while (true)
        {
            long remaining = timestamp - Stopwatch.GetTimestamp();
            if (remaining <= 0)
            {
                return;
            }

            if (remaining > _spinBelowTicks)
            {
                Thread.Sleep(1);
            }
            else
            {
                // Spin, as the post's client does: yielding would hand the core to whatever else is ready and come
                // back a time slice later, which is exactly the lateness the instrument must not add.
                Thread.SpinWait(10);
            }
        }
    }

    public void RunConcurrently(IReadOnlyList<ConcurrentBody> bodies)
    {
        ArgumentNullException.ThrowIfNull(bodies);
        WorkerGang.RunOnce([.. bodies.Select(b => b.Name)], i => bodies[i].Body());
    }

    public IWorkQueue<T> CreateQueue<T>() => new BlockingWorkQueue<T>();

    private sealed class BlockingWorkQueue<T> : IWorkQueue<T>
    {
        private readonly BlockingCollection<T> _items = new(new ConcurrentQueue<T>());

        public void Add(T item) => _items.Add(item);

        public void CompleteAdding() => _items.CompleteAdding();

        public bool TryTake(out T item)
        {
            // Returns false (does not throw) once the collection is complete and empty.
            bool taken = _items.TryTake(out T? value, Timeout.Infinite);
            item = value!;
            return taken;
        }
    }
}
