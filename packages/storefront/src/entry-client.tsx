import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { hydrate } from '@vitrine/renderer/client';
import { httpData } from './http-data.ts';
import { createRoutes } from './routes.tsx';
import './app.css';

// The server rendered this page and left its loader data in window.__staticRouterHydrationData,
// which createBrowserRouter picks up, so nothing is fetched twice.
const router = createBrowserRouter(createRoutes(httpData()));
const root = document.getElementById('root');
if (root) hydrate(root, <RouterProvider router={router} />);
