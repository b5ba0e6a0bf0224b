import { endpoint } from './endpoint.ts';
import { addReviewRequest, getReviewsQuery, reviewsAnswer, voteReviewAnswer, voteReviewRequest } from './product.ts';

/** Reviews (§3.15): anyone reads them; a signed-in customer writes one per product and finds others helpful once. */
export const reviewEndpoints = {
  getReviews: endpoint({ method: 'GET', path: '/api/Product/GetReviews', caller: 'token', query: getReviewsQuery, answer: reviewsAnswer }),
  addReview: endpoint({
    method: 'POST',
    path: '/api/Product/AddReview',
    caller: 'customer',
    body: addReviewRequest,
    answer: reviewsAnswer,
    status: 201,
  }),
  voteReview: endpoint({
    method: 'POST',
    path: '/api/Product/VoteReview',
    caller: 'customer',
    body: voteReviewRequest,
    answer: voteReviewAnswer,
  }),
};
