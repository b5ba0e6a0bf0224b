import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { reviewEndpoints, reviewRatings, reviewSorts, roundRating, type ProductDetail, type ReviewsPage } from '@vitrine/commerce';
import { useApi } from '../app-context.tsx';
import { ApiCallError } from '../client/api-client.ts';
import { signedInUserId, useSession } from '../client/session.ts';
import { AppForm, Field, FormNotice, SubmitButton, TextAreaField } from '../ui/field.tsx';
import { useHydrated } from '../ui/hydrated.ts';
import { GENERIC_ERROR, useToast } from '../ui/toasts.tsx';
import { useSubmit } from '../ui/use-submit.ts';

/**
 * A product's reviews (§3.15): the summary (average, count, how many gave each rating, Excellent first), the list
 * most helpful or most recent first, a page at a time; a signed-in customer writes one review and finds others
 * helpful once. What reviewers wrote is shown as text, never as HTML.
 */
export function Reviews({ product }: { product: ProductDetail }) {
  const api = useApi();
  const toast = useToast();
  const hydrated = useHydrated();
  const location = useLocation();
  const signedIn = useSession((s) => signedInUserId(s.tokens) !== null);
  // Reading reviews is a secure call (§7): it waits for the visit's tokens, a guest's included.
  const hasTokens = useSession((s) => s.tokens !== null);
  const [sort, setSort] = useState(1);
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<ReviewsPage | null>(null);
  // Which sort and page the reviews shown were read for: until the answer for the chosen ones arrives, the list is busy.
  const [answerFor, setAnswerFor] = useState('');
  const wanted = `${sort}/${page}`;
  const [failed, setFailed] = useState(false);
  const headingId = useId();

  useEffect(() => {
    if (!hydrated || !hasTokens) return;
    let current = true;
    api
      .request(reviewEndpoints.getReviews, { query: { ProductID: product.productID, Sort: sort, Page: page } })
      .then((result) => current && (setAnswer(result.data), setAnswerFor(`${sort}/${page}`), setFailed(false)))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [api, hydrated, hasTokens, product.productID, sort, page, signedIn]);

  const summary = answer?.summary ?? product.reviews;
  const vote = async (reviewId: number) => {
    try {
      const result = await api.request(reviewEndpoints.voteReview, { body: { ReviewID: reviewId } });
      setAnswer(
        (a) =>
          a && {
            ...a,
            reviews: a.reviews.map((r) =>
              r.reviewID === reviewId ? { ...r, helpfulCount: result.data.helpfulCount, votedHelpful: true } : r,
            ),
          },
      );
    } catch (error) {
      toast(error instanceof ApiCallError ? error.message : GENERIC_ERROR, { kind: 'error' });
    }
  };

  // The reviews are read once the app runs: coming into view starts it (client/first-page.ts).
  return (
    <section id="reviews" className="vt-reviews" aria-labelledby={headingId} data-vt-starts-app="">
      <h2 id={headingId} className="vt-h2">
        Reviews
      </h2>
      <div className="vt-reviews-layout">
        <div className="vt-review-summary">
          {summary.count ? (
            <>
              <p className="vt-review-average">
                <strong>{roundRating(summary.average)}</strong> out of 5
              </p>
              <p>{`${summary.count} ${summary.count === 1 ? 'review' : 'reviews'}`}</p>
              <table className="vt-review-bars">
                <caption className="vt-visually-hidden">How many reviewers gave each rating</caption>
                <tbody>
                  {reviewRatings.map(({ value, label }) => {
                    const count = summary.distribution.find((d) => d.rating === value)?.count ?? 0;
                    return (
                      <tr key={value}>
                        <th scope="row">{label}</th>
                        <td>
                          <span className="vt-review-bar" aria-hidden="true">
                            <span style={{ width: `${summary.count ? (count / summary.count) * 100 : 0}%` }} />
                          </span>
                        </td>
                        <td>{count}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </>
          ) : (
            <p>No reviews yet. Be the first to say what you think.</p>
          )}
          {signedIn ? (
            answer?.hasReviewed ? (
              <p className="vt-facet-hint">Thank you for your review.</p>
            ) : (
              <ReviewForm
                productId={product.productID}
                onAdded={(result) => {
                  setSort(2);
                  setPage(1);
                  setAnswer(result);
                  setAnswerFor('2/1');
                  toast('Thank you: your review is up.');
                }}
              />
            )
          ) : (
            <p>
              <Link to={`/signin?redirect=${encodeURIComponent(location.pathname + location.search + '#reviews')}`}>Sign in</Link> to write
              a review.
            </p>
          )}
        </div>

        <div className="vt-review-list">
          {summary.count ? (
            <label className="vt-listing-control">
              <span>Sort reviews</span>
              <select
                className="vt-input"
                value={sort}
                onChange={(event) => {
                  setSort(Number(event.target.value));
                  setPage(1);
                }}
              >
                {Object.entries(reviewSorts).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {failed ? <FormNotice kind="error">The reviews could not be loaded. {GENERIC_ERROR}.</FormNotice> : null}
          <ol className="vt-review-items" aria-busy={answerFor !== wanted && summary.count > 0}>
            {(answer?.reviews ?? []).map((review) => (
              <li key={review.reviewID} className="vt-review">
                <p className="vt-review-stars">
                  <span aria-hidden="true">
                    {'★'.repeat(review.rating)}
                    {'☆'.repeat(5 - review.rating)}
                  </span>
                  <span className="vt-visually-hidden">{`Rated ${review.rating} out of 5`}</span>
                </p>
                <h3 className="vt-h4 vt-review-title">{review.title}</h3>
                <p className="vt-review-meta">
                  {review.authorName} · {new Date(review.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}
                </p>
                <p className="vt-review-body">{review.body}</p>
                <p className="vt-review-helpful">
                  {review.helpfulCount ? `${review.helpfulCount} found this helpful` : null}
                  {signedIn && !review.isMine ? (
                    <button
                      type="button"
                      className="vt-btn vt-btn-link vt-btn-sm"
                      disabled={review.votedHelpful}
                      onClick={() => void vote(review.reviewID)}
                    >
                      {review.votedHelpful ? 'You found this helpful' : 'Helpful'}
                    </button>
                  ) : null}
                </p>
              </li>
            ))}
          </ol>
          {answer && answer.pages > 1 ? (
            <nav aria-label="Review pages" className="vt-pagination">
              <button type="button" className="vt-btn vt-btn-outline vt-btn-sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </button>
              <span>{`Page ${answer.page} of ${answer.pages}`}</span>
              <button
                type="button"
                className="vt-btn vt-btn-outline vt-btn-sm"
                disabled={page >= answer.pages}
                onClick={() => setPage(page + 1)}
              >
                Next
              </button>
            </nav>
          ) : null}
        </div>
      </div>
    </section>
  );
}

function ReviewForm({ productId, onAdded }: { productId: number; onAdded: (page: ReviewsPage) => void }) {
  const api = useApi();
  const { busy, error, run, fieldErrors } = useSubmit();
  const [rating, setRating] = useState(0);
  const [ratingError, setRatingError] = useState(false);
  const name = useId();
  return (
    <AppForm
      errors={fieldErrors}
      onValues={(values) => {
        if (!rating) {
          setRatingError(true);
          return;
        }
        void run(async () => {
          const answer = await api.request(reviewEndpoints.addReview, {
            body: { ProductID: productId, rating, title: values.title ?? '', body: values.body ?? '' },
          });
          onAdded(answer.data);
        });
      }}
    >
      <h3 className="vt-h4">Write a review</h3>
      {error && !error.field ? <FormNotice kind="error">{error.message}</FormNotice> : null}
      <fieldset className="vt-product-choice" aria-describedby={ratingError ? `${name}-error` : undefined}>
        <legend>Your rating</legend>
        <div className="vt-rating-input">
          {reviewRatings.map(({ value, label }) => (
            <label key={value} className="vt-pick">
              <input
                type="radio"
                name={name}
                checked={rating === value}
                onChange={() => {
                  setRating(value);
                  setRatingError(false);
                }}
              />
              <span>{`${value} – ${label}`}</span>
            </label>
          ))}
        </div>
        {ratingError ? (
          <p id={`${name}-error`} className="vt-field-error">
            Rating is a required field
          </p>
        ) : null}
      </fieldset>
      <Field label="Title" name="title" required maxLength={120} />
      <TextAreaField label="Review" name="body" required maxLength={4000} />
      <SubmitButton busy={busy}>{busy ? 'Sending…' : 'Post review'}</SubmitButton>
    </AppForm>
  );
}
