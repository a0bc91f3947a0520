using StorageEngine.Wal;

namespace StorageEngine.Tests;

/// <summary>
/// A closed log's stripe buffers go back to a pool for the next log. The pool must hand out the size asked for, and a
/// closed table must never write into a buffer another table now holds.
/// </summary>
public class BufferPoolTests
{
    [Fact]
    public void A_returned_buffer_is_handed_out_again_for_its_size_only()
    {
        const int OddSize = 12_347; // no log uses it: other tests running in parallel cannot take it
        var buffer = new byte[OddSize];
        BufferPool.Return(buffer);

        BufferPool.Rent(OddSize + 1).Length.Should().Be(OddSize + 1);
        BufferPool.Rent(OddSize).Should().BeSameAs(buffer);
        BufferPool.Rent(OddSize).Should().NotBeSameAs(buffer, "a buffer is handed out once per return");
    }

    [Theory]
    [InlineData(TableKind.Lock)]
    [InlineData(TableKind.Striped)]
    public void A_closed_table_cannot_write_into_the_buffers_the_next_table_took(TableKind backend)
    {
        using var first = new WalDirectory();
        using var second = new WalDirectory();
        var options = (WalDirectory dir) => dir.Wal() with { BufferSize = 4096, StripeCount = 2 };
        var closed = Tables.Create(backend, options(first));
        closed.Insert(1, Row.Generate(1));
        closed.Dispose(); // its buffers go back to the pool

        using (var next = Tables.Create(backend, options(second))) // and may come out here
        {
            var late = () => closed.Insert(2, Row.Generate(2));
            late.Should().Throw<ObjectDisposedException>();
            for (int key = 100; key < 400; key++)
            {
                next.Insert(key, Row.Generate(key));
            }
        }

        using var reopened = Tables.Create(backend, second.Wal());
        reopened.Count.Should().Be(300);
        Enumerable.Range(100, 300).Should().OnlyContain(key => reopened.Get(key).IsGeneratedFor(key));
        using var firstAgain = Tables.Create(backend, first.Wal());
        firstAgain.Count.Should().Be(1);
    }
}
